-- AlterTable
ALTER TABLE "posts" ADD COLUMN "media_md5" TEXT;
