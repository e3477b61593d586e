-- AlterTable
ALTER TABLE "posts" ADD COLUMN "text_hash" TEXT;

-- CreateIndex
CREATE INDEX "posts_board_id_text_hash_created_at_idx" ON "posts"("board_id", "text_hash", "created_at");
