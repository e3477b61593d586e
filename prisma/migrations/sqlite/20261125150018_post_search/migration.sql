-- Full-text search over posts (hand-written: the table is outside the Prisma schema and db:check ignores it).
-- An FTS5 index keyed by the post id: the thread's topic for opening posts, and the post's text. Contentless
-- (the text stays in posts only) with deletes allowed. unicode61 with diacritics folded: words are runs of
-- letters and digits in any script, matched without case or accents.
CREATE VIRTUAL TABLE "post_search" USING fts5(
    topic,
    content,
    content = '',
    contentless_delete = 1,
    tokenize = 'unicode61 remove_diacritics 2'
);

-- Existing posts.
INSERT INTO "post_search" (rowid, topic, content)
SELECT p."id", CASE WHEN p."is_op" THEN t."topic" ELSE '' END, p."content"
FROM "posts" p JOIN "threads" t ON t."id" = p."thread_id";

-- Kept in step with posts and topics in the same transaction, so a deleted post is gone from results at once
-- (foreign-key cascades from a deleted thread fire these triggers too).
CREATE TRIGGER "post_search_insert" AFTER INSERT ON "posts" BEGIN
    INSERT INTO "post_search" (rowid, topic, content)
    VALUES (NEW."id",
            CASE WHEN NEW."is_op" THEN coalesce((SELECT "topic" FROM "threads" WHERE "id" = NEW."thread_id"), '') ELSE '' END,
            NEW."content");
END;

CREATE TRIGGER "post_search_delete" AFTER DELETE ON "posts" BEGIN
    DELETE FROM "post_search" WHERE rowid = OLD."id";
END;

CREATE TRIGGER "post_search_update" AFTER UPDATE OF "content", "is_op", "thread_id" ON "posts" BEGIN
    DELETE FROM "post_search" WHERE rowid = OLD."id";
    INSERT INTO "post_search" (rowid, topic, content)
    VALUES (NEW."id",
            CASE WHEN NEW."is_op" THEN coalesce((SELECT "topic" FROM "threads" WHERE "id" = NEW."thread_id"), '') ELSE '' END,
            NEW."content");
END;

CREATE TRIGGER "post_search_topic" AFTER UPDATE OF "topic" ON "threads" BEGIN
    DELETE FROM "post_search" WHERE rowid IN (SELECT "id" FROM "posts" WHERE "thread_id" = NEW."id" AND "is_op");
    INSERT INTO "post_search" (rowid, topic, content)
    SELECT "id", NEW."topic", "content" FROM "posts" WHERE "thread_id" = NEW."id" AND "is_op";
END;
