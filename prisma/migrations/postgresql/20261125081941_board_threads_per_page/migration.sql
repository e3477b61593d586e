-- AlterTable
ALTER TABLE "boards" ADD COLUMN     "threads_per_page" INTEGER NOT NULL DEFAULT 15;
