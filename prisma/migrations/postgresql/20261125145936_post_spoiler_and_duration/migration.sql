-- AlterTable
ALTER TABLE "posts" ADD COLUMN     "media_duration" DOUBLE PRECISION,
ADD COLUMN     "spoiler" BOOLEAN NOT NULL DEFAULT false;
