-- CreateTable
CREATE TABLE "stats_country_daily" (
    "day" DATETIME NOT NULL,
    "country_code" TEXT NOT NULL,
    "unique_visitors" INTEGER NOT NULL DEFAULT 0,
    "page_views" INTEGER NOT NULL DEFAULT 0,
    "unique_posters" INTEGER NOT NULL DEFAULT 0,
    "posts" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("day", "country_code")
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_stats_page_views" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "minute" INTEGER NOT NULL,
    "board_id" TEXT,
    "country_code" TEXT,
    "visitor_hash" TEXT NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 1
);
INSERT INTO "new_stats_page_views" ("board_id", "country_code", "created_at", "id", "visitor_hash") SELECT "board_id", "country_code", "created_at", "id", "visitor_hash" FROM "stats_page_views";
DROP TABLE "stats_page_views";
ALTER TABLE "new_stats_page_views" RENAME TO "stats_page_views";
CREATE INDEX "stats_page_views_minute_visitor_hash_idx" ON "stats_page_views"("minute", "visitor_hash");
CREATE TABLE "new_stats_post_events" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "minute" INTEGER NOT NULL,
    "board_id" TEXT NOT NULL,
    "country_code" TEXT,
    "visitor_hash" TEXT NOT NULL
);
INSERT INTO "new_stats_post_events" ("board_id", "country_code", "created_at", "id", "visitor_hash") SELECT "board_id", "country_code", "created_at", "id", "visitor_hash" FROM "stats_post_events";
DROP TABLE "stats_post_events";
ALTER TABLE "new_stats_post_events" RENAME TO "stats_post_events";
CREATE INDEX "stats_post_events_minute_board_id_idx" ON "stats_post_events"("minute", "board_id");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
