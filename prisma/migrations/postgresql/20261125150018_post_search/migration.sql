-- Full-text search over posts (hand-written: the table is outside the Prisma schema and db:check ignores it).
-- One tsvector per post with a GIN index: the thread's topic (weight A) for opening posts and the post's text
-- (weight B), under the language-neutral 'simple' configuration (lower-cased words of any script, no stemming
-- or stop words, as on SQLite).
CREATE TABLE "post_search" (
    "post_id" INTEGER NOT NULL PRIMARY KEY REFERENCES "posts" ("id") ON DELETE CASCADE,
    "document" tsvector NOT NULL
);
CREATE INDEX "post_search_document_idx" ON "post_search" USING GIN ("document");

CREATE FUNCTION "post_search_document"(topic TEXT, content TEXT) RETURNS tsvector
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT setweight(to_tsvector('simple', coalesce(topic, '')), 'A') || setweight(to_tsvector('simple', content), 'B') $$;

-- Existing posts.
INSERT INTO "post_search" ("post_id", "document")
SELECT p."id", "post_search_document"(CASE WHEN p."is_op" THEN t."topic" END, p."content")
FROM "posts" p JOIN "threads" t ON t."id" = p."thread_id";

-- Kept in step with posts and topics in the same transaction. A deleted post's row goes with it (cascade), so it
-- is gone from results at once.
CREATE FUNCTION "post_search_from_post"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO "post_search" ("post_id", "document")
    VALUES (NEW."id", "post_search_document"(
        CASE WHEN NEW."is_op" THEN (SELECT "topic" FROM "threads" WHERE "id" = NEW."thread_id") END, NEW."content"))
    ON CONFLICT ("post_id") DO UPDATE SET "document" = EXCLUDED."document";
    RETURN NULL;
END $$;

CREATE TRIGGER "post_search_insert" AFTER INSERT ON "posts"
    FOR EACH ROW EXECUTE FUNCTION "post_search_from_post"();
CREATE TRIGGER "post_search_update" AFTER UPDATE OF "content", "is_op", "thread_id" ON "posts"
    FOR EACH ROW EXECUTE FUNCTION "post_search_from_post"();

CREATE FUNCTION "post_search_from_topic"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE "post_search" s SET "document" = "post_search_document"(NEW."topic", p."content")
    FROM "posts" p WHERE p."id" = s."post_id" AND p."thread_id" = NEW."id" AND p."is_op";
    RETURN NULL;
END $$;

CREATE TRIGGER "post_search_topic" AFTER UPDATE OF "topic" ON "threads"
    FOR EACH ROW EXECUTE FUNCTION "post_search_from_topic"();
