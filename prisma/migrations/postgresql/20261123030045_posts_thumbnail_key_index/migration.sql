-- CreateIndex
CREATE INDEX "posts_thumbnail_key_idx" ON "posts"("thumbnail_key");
