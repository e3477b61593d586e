-- CreateTable
CREATE TABLE "reports" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "post_id" INTEGER NOT NULL,
    "board_id" TEXT NOT NULL,
    "thread_id" INTEGER NOT NULL,
    "category" TEXT NOT NULL,
    "reason" TEXT,
    "reporter_ip" TEXT NOT NULL,
    "reporter_hash" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "dismissed_at" DATETIME,
    CONSTRAINT "reports_post_id_fkey" FOREIGN KEY ("post_id") REFERENCES "posts" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "reports_dismissed_at_board_id_idx" ON "reports"("dismissed_at", "board_id");

-- CreateIndex
CREATE UNIQUE INDEX "reports_post_id_reporter_hash_key" ON "reports"("post_id", "reporter_hash");
