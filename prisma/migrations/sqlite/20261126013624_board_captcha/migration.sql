-- CreateTable
CREATE TABLE "captcha_uses" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "expires_at" DATETIME NOT NULL
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_boards" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "nsfw" BOOLEAN NOT NULL DEFAULT false,
    "thread_ids_enabled" BOOLEAN NOT NULL DEFAULT false,
    "country_flags_enabled" BOOLEAN NOT NULL DEFAULT false,
    "threads_per_page" INTEGER NOT NULL DEFAULT 15,
    "captcha" TEXT NOT NULL DEFAULT 'off',
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
INSERT INTO "new_boards" ("country_flags_enabled", "created_at", "description", "id", "name", "nsfw", "thread_ids_enabled", "threads_per_page") SELECT "country_flags_enabled", "created_at", "description", "id", "name", "nsfw", "thread_ids_enabled", "threads_per_page" FROM "boards";
DROP TABLE "boards";
ALTER TABLE "new_boards" RENAME TO "boards";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "captcha_uses_expires_at_idx" ON "captcha_uses"("expires_at");
