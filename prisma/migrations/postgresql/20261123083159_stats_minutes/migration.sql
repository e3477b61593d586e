-- DropIndex
DROP INDEX "stats_page_views_created_at_idx";

-- DropIndex
DROP INDEX "stats_post_events_board_id_created_at_idx";

-- DropIndex
DROP INDEX "stats_post_events_created_at_idx";

-- AlterTable
ALTER TABLE "stats_page_views" ADD COLUMN     "minute" INTEGER NOT NULL,
ADD COLUMN     "views" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "stats_post_events" ADD COLUMN     "minute" INTEGER NOT NULL;

-- CreateTable
CREATE TABLE "stats_country_daily" (
    "day" TIMESTAMP(3) NOT NULL,
    "country_code" TEXT NOT NULL,
    "unique_visitors" INTEGER NOT NULL DEFAULT 0,
    "page_views" INTEGER NOT NULL DEFAULT 0,
    "unique_posters" INTEGER NOT NULL DEFAULT 0,
    "posts" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "stats_country_daily_pkey" PRIMARY KEY ("day","country_code")
);

-- CreateIndex
CREATE INDEX "stats_page_views_minute_visitor_hash_idx" ON "stats_page_views"("minute", "visitor_hash");

-- CreateIndex
CREATE INDEX "stats_post_events_minute_board_id_idx" ON "stats_post_events"("minute", "board_id");
