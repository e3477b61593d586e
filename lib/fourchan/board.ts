// A board as a boards.json entry, from its settings and the posting limits. Sizes are in bytes, cooldowns in
// seconds (the posting rate limits expressed as the wait between two posts).
import escapeHtml from 'escape-html'
import type { FourchanBoard } from './types'
import type { PublicBoard } from '../boards/types'
import { BUMP_LIMIT, MAX_FILE_BYTES, MAX_THREADS_PER_BOARD, REPLY_CONTENT_MAX } from '../limits'

/** Corkboard bounds neither the images of a thread nor the length of a video (only its byte size). */
const UNLIMITED = 2_147_483_647

export interface RateLimit {
  points: number
  duration: number
}

export interface PostingLimits {
  threadCreate: RateLimit
  postCreate: RateLimit
}

/** The average wait a rate limit allows between two actions, in whole seconds. */
const cooldownOf = (limit: RateLimit) => Math.ceil(limit.duration / Math.max(1, limit.points))

export function toFourchanBoard(board: PublicBoard, limits: PostingLimits): FourchanBoard {
  const replies = cooldownOf(limits.postCreate)
  const out: FourchanBoard = {
    board: board.id,
    title: board.name,
    ws_board: board.nsfw ? 0 : 1,
    per_page: board.threads_per_page,
    pages: Math.max(1, Math.ceil(MAX_THREADS_PER_BOARD / board.threads_per_page)),
    max_filesize: MAX_FILE_BYTES,
    max_webm_filesize: MAX_FILE_BYTES,
    // Replies may be this long; an opening post half as long (OP_CONTENT_MAX).
    max_comment_chars: REPLY_CONTENT_MAX,
    max_webm_duration: UNLIMITED,
    bump_limit: BUMP_LIMIT,
    image_limit: UNLIMITED,
    cooldowns: { threads: Math.max(cooldownOf(limits.threadCreate), replies), replies, images: replies },
    meta_description: escapeHtml(board.description),
    is_archived: 1,
    // [spoiler] text tags work on every board.
    spoilers: 1,
    forced_anon: 1,
    require_subject: 1,
  }
  if (board.country_flags_enabled) out.country_flags = 1
  if (board.thread_ids_enabled) out.user_ids = 1
  return out
}
