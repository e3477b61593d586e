-- CreateTable
CREATE TABLE "word_filters" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "pattern" TEXT NOT NULL,
    "regex" BOOLEAN NOT NULL DEFAULT false,
    "boards" TEXT NOT NULL DEFAULT '',
    "where" TEXT NOT NULL DEFAULT 'both',
    "action" TEXT NOT NULL,
    "message" TEXT NOT NULL DEFAULT '',
    "replacement" TEXT NOT NULL DEFAULT '',
    "ban_duration" TEXT,
    "ban_reason" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by_id" INTEGER,
    "created_by_name" TEXT
);
