-- CreateTable
CREATE TABLE "word_filters" (
    "id" SERIAL NOT NULL,
    "pattern" TEXT NOT NULL,
    "regex" BOOLEAN NOT NULL DEFAULT false,
    "boards" TEXT NOT NULL DEFAULT '',
    "where" TEXT NOT NULL DEFAULT 'both',
    "action" TEXT NOT NULL,
    "message" TEXT NOT NULL DEFAULT '',
    "replacement" TEXT NOT NULL DEFAULT '',
    "ban_duration" TEXT,
    "ban_reason" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by_id" INTEGER,
    "created_by_name" TEXT,

    CONSTRAINT "word_filters_pkey" PRIMARY KEY ("id")
);
