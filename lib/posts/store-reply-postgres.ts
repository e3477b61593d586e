// A reply stored on PostgreSQL in one statement: the duplicate look-ups, the thread's count and bump, the post and
// its statistics row, which elsewhere are four statements (store-reply.ts). Each statement is a round trip to the
// server and costs CPU on both sides, so this is where most of a reply's database cost goes.
//
// Data-modifying WITH clauses all run on the statement's one snapshot, and here each write depends on the one
// before: the thread is updated only when no duplicate was found, and the post and the statistics row are inserted
// only for the thread row that was updated (none when the thread is gone, archived or on another board). The final
// SELECT always returns one row saying which of these happened, so the caller can refuse the reply, and then
// nothing was written.
//
// The UPDATE takes the thread's row lock as in count-reply.ts, so concurrent replies count and bump exactly. The
// duplicate rule's advisory locks cannot be taken here (a look-up in the statement that waited for the lock would
// not see what the holder committed meanwhile): the caller takes them first, in the same transaction.
import { storedPost } from './insert-post'
import type { NewPostRow } from './new-post-row'
import type { RawSql } from '../db/driver-sql'
import type { Post } from '../db/generated/sqlite/client.ts'
import type { DuplicateLookup } from '../duplicates/check'
import { BUMP_LIMIT } from '../limits'
import type { PostEventRow } from '../stats/post-events'

export interface ReplyStatement {
  /** The post's row; its dontBump is worked out by the statement from the thread's count. */
  row: NewPostRow
  sage: boolean
  duplicates: DuplicateLookup
  event: PostEventRow
}

export type ReplyStatementResult =
  | { stored: true; post: Post; postCount: number; bumped: boolean }
  | { stored: false; duplicate: 'text' | 'file' | null }

export async function storeReplyInOneStatement(
  tx: RawSql,
  { row, sage, duplicates, event }: ReplyStatement,
): Promise<ReplyStatementResult> {
  const p = storedPost(row)
  const { textSince, fileSince } = duplicates
  // post_count in the UPDATE's SET is the count before the reply, in RETURNING the count with it: a reply that
  // brings the count to the limit still bumps, past it the reply is stored as a sage (dont_bump).
  const [result] = await tx.$queryRaw<
    { id: number | null; post_count: number | null; dup_text: boolean; dup_file: boolean }[]
  >`
    WITH dup_text AS (
      SELECT 1 FROM posts
      WHERE ${textSince !== null} AND board_id = ${p.boardId} AND text_hash = ${p.textHash}
        AND created_at >= ${textSince}
      LIMIT 1
    ), dup_file AS (
      SELECT 1 FROM posts
      WHERE ${fileSince !== null} AND board_id = ${p.boardId} AND media_key = ${p.mediaKey}
        AND created_at >= ${fileSince} AND thread_id <> ${p.threadId}
      LIMIT 1
    ), thread AS (
      UPDATE threads SET post_count = post_count + 1,
        updated_at = CASE WHEN ${sage} OR post_count >= ${BUMP_LIMIT} THEN updated_at ELSE ${p.createdAt} END
      WHERE id = ${p.threadId} AND board_id = ${p.boardId} AND is_dead = ${false}
        AND NOT EXISTS (SELECT 1 FROM dup_text) AND NOT EXISTS (SELECT 1 FROM dup_file)
      RETURNING post_count
    ), post AS (
      INSERT INTO posts (thread_id, board_id, content, created_at, is_op, dont_bump, color, thread_user_id,
        country_code, ip_address, owner_key_hash, image_url, media_key, thumbnail_url, thumbnail_key, file_type,
        media_mime, media_size, media_width, media_height, media_original_name, media_duration, spoiler, media_md5,
        text_hash, media_sha256)
      SELECT ${p.threadId}, ${p.boardId}, ${p.content}, ${p.createdAt}, ${p.isOp}, ${sage} OR post_count > ${BUMP_LIMIT},
        ${p.color}, ${p.threadUserId}, ${p.countryCode}, ${p.ipAddress}, ${p.ownerKeyHash}, ${p.imageUrl},
        ${p.mediaKey}, ${p.thumbnailUrl}, ${p.thumbnailKey}, ${p.fileType}, ${p.mediaMime}, ${p.mediaSize},
        ${p.mediaWidth}, ${p.mediaHeight}, ${p.mediaOrigName}, ${p.mediaDuration}, ${p.spoiler}, ${p.mediaMd5},
        ${p.textHash}, ${p.mediaSha256}
      FROM thread
      RETURNING id
    ), event AS (
      INSERT INTO stats_post_events (created_at, minute, board_id, country_code, visitor_hash)
      SELECT ${event.createdAt}, ${event.minute}, ${event.boardId}, ${event.countryCode}, ${event.visitorHash}
      FROM thread
    )
    SELECT (SELECT id FROM post) AS id, (SELECT post_count FROM thread) AS post_count,
      EXISTS (SELECT 1 FROM dup_text) AS dup_text, EXISTS (SELECT 1 FROM dup_file) AS dup_file`
  if (result.id === null || result.post_count === null) {
    return { stored: false, duplicate: result.dup_text ? 'text' : result.dup_file ? 'file' : null }
  }
  const postCount = Number(result.post_count)
  const bumped = !sage && postCount <= BUMP_LIMIT
  return { stored: true, post: { id: Number(result.id), ...p, dontBump: !bumped }, postCount, bumped }
}
