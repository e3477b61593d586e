-- AlterTable
ALTER TABLE "posts" ADD COLUMN     "media_sha256" TEXT;

-- CreateTable
CREATE TABLE "banned_files" (
    "id" SERIAL NOT NULL,
    "sha256" TEXT,
    "stored_sha256" TEXT NOT NULL,
    "phash" TEXT,
    "file_type" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "ban_poster" BOOLEAN NOT NULL DEFAULT false,
    "ban_duration" TEXT,
    "board_id" TEXT NOT NULL,
    "post_id" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by_id" INTEGER,
    "created_by_name" TEXT,

    CONSTRAINT "banned_files_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "banned_files_stored_sha256_key" ON "banned_files"("stored_sha256");

-- CreateIndex
CREATE INDEX "banned_files_sha256_idx" ON "banned_files"("sha256");

-- CreateIndex
CREATE INDEX "posts_media_sha256_idx" ON "posts"("media_sha256");
