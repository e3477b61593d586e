-- CreateIndex
CREATE INDEX "posts_thread_id_image_url_idx" ON "posts"("thread_id", "image_url");
