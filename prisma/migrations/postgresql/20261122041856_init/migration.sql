-- CreateTable
CREATE TABLE "boards" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "nsfw" BOOLEAN NOT NULL DEFAULT false,
    "thread_ids_enabled" BOOLEAN NOT NULL DEFAULT false,
    "country_flags_enabled" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "boards_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "threads" (
    "id" SERIAL NOT NULL,
    "board_id" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "is_sticky" BOOLEAN NOT NULL DEFAULT false,
    "is_dead" BOOLEAN NOT NULL DEFAULT false,
    "died_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "post_count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "threads_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "posts" (
    "id" SERIAL NOT NULL,
    "thread_id" INTEGER NOT NULL,
    "board_id" TEXT NOT NULL,
    "content" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "is_op" BOOLEAN NOT NULL DEFAULT false,
    "dont_bump" BOOLEAN NOT NULL DEFAULT false,
    "color" TEXT NOT NULL DEFAULT 'black',
    "thread_user_id" TEXT,
    "country_code" TEXT,
    "ip_address" TEXT NOT NULL,
    "owner_key_hash" TEXT NOT NULL,
    "image_url" TEXT,
    "media_key" TEXT,
    "thumbnail_url" TEXT,
    "thumbnail_key" TEXT,
    "file_type" TEXT,
    "media_mime" TEXT,
    "media_size" INTEGER,
    "media_width" INTEGER,
    "media_height" INTEGER,
    "media_original_name" TEXT,

    CONSTRAINT "posts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "surveys" (
    "id" SERIAL NOT NULL,
    "post_id" INTEGER NOT NULL,
    "thread_id" INTEGER NOT NULL,
    "board_id" TEXT NOT NULL,
    "survey_type" TEXT NOT NULL,
    "question" TEXT NOT NULL,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "surveys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "survey_options" (
    "id" SERIAL NOT NULL,
    "survey_id" INTEGER NOT NULL,
    "option_text" TEXT NOT NULL,
    "option_order" INTEGER NOT NULL,

    CONSTRAINT "survey_options_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "survey_responses" (
    "id" SERIAL NOT NULL,
    "survey_id" INTEGER NOT NULL,
    "voter_hash" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "survey_responses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "survey_response_options" (
    "response_id" INTEGER NOT NULL,
    "option_id" INTEGER NOT NULL,

    CONSTRAINT "survey_response_options_pkey" PRIMARY KEY ("response_id","option_id")
);

-- CreateTable
CREATE TABLE "bans" (
    "id" SERIAL NOT NULL,
    "ip_address" TEXT NOT NULL,
    "ip_key" TEXT NOT NULL,
    "board_id" TEXT,
    "reason" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3),
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "appeal_status" TEXT,
    "appeal_text" TEXT,
    "appeal_submitted_at" TIMESTAMP(3),
    "decision_reason" TEXT,
    "decided_at" TIMESTAMP(3),
    "post_content" TEXT,
    "post_image_url" TEXT,
    "thread_id" INTEGER,
    "post_id" INTEGER,
    "admin_user_id" INTEGER,
    "admin_username" TEXT,

    CONSTRAINT "bans_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "range_bans" (
    "id" SERIAL NOT NULL,
    "ban_type" TEXT NOT NULL,
    "ban_value" TEXT NOT NULL,
    "board_id" TEXT,
    "reason" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3),
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "admin_user_id" INTEGER,
    "admin_username" TEXT,
    "removed_at" TIMESTAMP(3),
    "removed_by" INTEGER,

    CONSTRAINT "range_bans_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "staff_users" (
    "id" SERIAL NOT NULL,
    "username" TEXT NOT NULL,
    "username_lower" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "email_lower" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "session_generation" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_login" TIMESTAMP(3),

    CONSTRAINT "staff_users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "staff_boards" (
    "user_id" INTEGER NOT NULL,
    "board_id" TEXT NOT NULL,

    CONSTRAINT "staff_boards_pkey" PRIMARY KEY ("user_id","board_id")
);

-- CreateTable
CREATE TABLE "moderation_actions" (
    "id" SERIAL NOT NULL,
    "action_type" TEXT NOT NULL,
    "board_id" TEXT,
    "thread_id" INTEGER,
    "post_id" INTEGER,
    "ban_id" INTEGER,
    "rangeban_id" INTEGER,
    "ip_address" TEXT,
    "reason" TEXT,
    "details" JSONB,
    "admin_user_id" INTEGER,
    "admin_username" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "moderation_actions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "moderation_snapshots" (
    "id" SERIAL NOT NULL,
    "post_id" INTEGER NOT NULL,
    "board_id" TEXT NOT NULL,
    "thread_id" INTEGER NOT NULL,
    "ip_address" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "image_url" TEXT,
    "media_key" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "moderation_snapshots_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "staff_audit_log" (
    "id" SERIAL NOT NULL,
    "admin_user_id" INTEGER,
    "action" TEXT NOT NULL,
    "target" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "staff_audit_log_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "stats_page_views" (
    "id" SERIAL NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "board_id" TEXT,
    "country_code" TEXT,
    "visitor_hash" TEXT NOT NULL,

    CONSTRAINT "stats_page_views_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "stats_post_events" (
    "id" SERIAL NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "board_id" TEXT NOT NULL,
    "country_code" TEXT,
    "visitor_hash" TEXT NOT NULL,

    CONSTRAINT "stats_post_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "stats_hourly" (
    "hour" TIMESTAMP(3) NOT NULL,
    "unique_visitors" INTEGER NOT NULL DEFAULT 0,
    "page_views" INTEGER NOT NULL DEFAULT 0,
    "posts" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "stats_hourly_pkey" PRIMARY KEY ("hour")
);

-- CreateTable
CREATE TABLE "stats_daily" (
    "day" TIMESTAMP(3) NOT NULL,
    "unique_visitors" INTEGER NOT NULL DEFAULT 0,
    "page_views" INTEGER NOT NULL DEFAULT 0,
    "posts" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "stats_daily_pkey" PRIMARY KEY ("day")
);

-- CreateTable
CREATE TABLE "stats_board_daily" (
    "day" TIMESTAMP(3) NOT NULL,
    "board_id" TEXT NOT NULL,
    "posts" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "stats_board_daily_pkey" PRIMARY KEY ("day","board_id")
);

-- CreateTable
CREATE TABLE "housekeeping_runs" (
    "id" SERIAL NOT NULL,
    "started_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMP(3),
    "trigger" TEXT NOT NULL,
    "results" JSONB,

    CONSTRAINT "housekeeping_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "job_locks" (
    "name" TEXT NOT NULL,
    "owner" TEXT NOT NULL,
    "acquired_at" TIMESTAMP(3) NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "job_locks_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "secrets" (
    "name" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "secrets_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE INDEX "threads_board_id_is_dead_is_sticky_updated_at_idx" ON "threads"("board_id", "is_dead", "is_sticky", "updated_at");

-- CreateIndex
CREATE INDEX "threads_is_dead_died_at_idx" ON "threads"("is_dead", "died_at");

-- CreateIndex
CREATE INDEX "posts_thread_id_id_idx" ON "posts"("thread_id", "id");

-- CreateIndex
CREATE INDEX "posts_ip_address_idx" ON "posts"("ip_address");

-- CreateIndex
CREATE INDEX "posts_media_key_idx" ON "posts"("media_key");

-- CreateIndex
CREATE UNIQUE INDEX "surveys_post_id_key" ON "surveys"("post_id");

-- CreateIndex
CREATE INDEX "surveys_thread_id_idx" ON "surveys"("thread_id");

-- CreateIndex
CREATE UNIQUE INDEX "survey_options_survey_id_option_order_key" ON "survey_options"("survey_id", "option_order");

-- CreateIndex
CREATE UNIQUE INDEX "survey_responses_survey_id_voter_hash_key" ON "survey_responses"("survey_id", "voter_hash");

-- CreateIndex
CREATE INDEX "survey_response_options_option_id_idx" ON "survey_response_options"("option_id");

-- CreateIndex
CREATE INDEX "bans_ip_key_is_active_board_id_idx" ON "bans"("ip_key", "is_active", "board_id");

-- CreateIndex
CREATE INDEX "bans_board_id_is_active_idx" ON "bans"("board_id", "is_active");

-- CreateIndex
CREATE INDEX "bans_post_id_idx" ON "bans"("post_id");

-- CreateIndex
CREATE INDEX "bans_appeal_status_idx" ON "bans"("appeal_status");

-- CreateIndex
CREATE INDEX "range_bans_ban_type_is_active_idx" ON "range_bans"("ban_type", "is_active");

-- CreateIndex
CREATE INDEX "range_bans_board_id_is_active_idx" ON "range_bans"("board_id", "is_active");

-- CreateIndex
CREATE UNIQUE INDEX "staff_users_username_lower_key" ON "staff_users"("username_lower");

-- CreateIndex
CREATE UNIQUE INDEX "staff_users_email_lower_key" ON "staff_users"("email_lower");

-- CreateIndex
CREATE INDEX "moderation_actions_ip_address_created_at_idx" ON "moderation_actions"("ip_address", "created_at");

-- CreateIndex
CREATE INDEX "moderation_actions_created_at_idx" ON "moderation_actions"("created_at");

-- CreateIndex
CREATE INDEX "moderation_actions_board_id_created_at_idx" ON "moderation_actions"("board_id", "created_at");

-- CreateIndex
CREATE INDEX "moderation_actions_action_type_created_at_idx" ON "moderation_actions"("action_type", "created_at");

-- CreateIndex
CREATE INDEX "moderation_actions_admin_user_id_created_at_idx" ON "moderation_actions"("admin_user_id", "created_at");

-- CreateIndex
CREATE INDEX "moderation_snapshots_post_id_idx" ON "moderation_snapshots"("post_id");

-- CreateIndex
CREATE INDEX "moderation_snapshots_expires_at_idx" ON "moderation_snapshots"("expires_at");

-- CreateIndex
CREATE INDEX "staff_audit_log_created_at_idx" ON "staff_audit_log"("created_at");

-- CreateIndex
CREATE INDEX "stats_page_views_created_at_idx" ON "stats_page_views"("created_at");

-- CreateIndex
CREATE INDEX "stats_post_events_created_at_idx" ON "stats_post_events"("created_at");

-- CreateIndex
CREATE INDEX "stats_post_events_board_id_created_at_idx" ON "stats_post_events"("board_id", "created_at");

-- CreateIndex
CREATE INDEX "housekeeping_runs_started_at_idx" ON "housekeeping_runs"("started_at");

-- AddForeignKey
ALTER TABLE "threads" ADD CONSTRAINT "threads_board_id_fkey" FOREIGN KEY ("board_id") REFERENCES "boards"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "posts" ADD CONSTRAINT "posts_thread_id_fkey" FOREIGN KEY ("thread_id") REFERENCES "threads"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_post_id_fkey" FOREIGN KEY ("post_id") REFERENCES "posts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "survey_options" ADD CONSTRAINT "survey_options_survey_id_fkey" FOREIGN KEY ("survey_id") REFERENCES "surveys"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_survey_id_fkey" FOREIGN KEY ("survey_id") REFERENCES "surveys"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "survey_response_options" ADD CONSTRAINT "survey_response_options_response_id_fkey" FOREIGN KEY ("response_id") REFERENCES "survey_responses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "survey_response_options" ADD CONSTRAINT "survey_response_options_option_id_fkey" FOREIGN KEY ("option_id") REFERENCES "survey_options"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bans" ADD CONSTRAINT "bans_board_id_fkey" FOREIGN KEY ("board_id") REFERENCES "boards"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bans" ADD CONSTRAINT "bans_admin_user_id_fkey" FOREIGN KEY ("admin_user_id") REFERENCES "staff_users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "range_bans" ADD CONSTRAINT "range_bans_board_id_fkey" FOREIGN KEY ("board_id") REFERENCES "boards"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "range_bans" ADD CONSTRAINT "range_bans_admin_user_id_fkey" FOREIGN KEY ("admin_user_id") REFERENCES "staff_users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "range_bans" ADD CONSTRAINT "range_bans_removed_by_fkey" FOREIGN KEY ("removed_by") REFERENCES "staff_users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "staff_boards" ADD CONSTRAINT "staff_boards_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "staff_users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "staff_boards" ADD CONSTRAINT "staff_boards_board_id_fkey" FOREIGN KEY ("board_id") REFERENCES "boards"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_admin_user_id_fkey" FOREIGN KEY ("admin_user_id") REFERENCES "staff_users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "staff_audit_log" ADD CONSTRAINT "staff_audit_log_admin_user_id_fkey" FOREIGN KEY ("admin_user_id") REFERENCES "staff_users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
