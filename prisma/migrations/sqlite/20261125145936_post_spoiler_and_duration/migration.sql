-- AlterTable: two added columns, no table rebuild (a posts table may be large).
ALTER TABLE "posts" ADD COLUMN "media_duration" REAL;
ALTER TABLE "posts" ADD COLUMN "spoiler" BOOLEAN NOT NULL DEFAULT false;
