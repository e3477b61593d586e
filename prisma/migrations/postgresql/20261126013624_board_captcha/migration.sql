-- AlterTable
ALTER TABLE "boards" ADD COLUMN     "captcha" TEXT NOT NULL DEFAULT 'off';

-- CreateTable
CREATE TABLE "captcha_uses" (
    "key" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "captcha_uses_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "captcha_uses_expires_at_idx" ON "captcha_uses"("expires_at");
