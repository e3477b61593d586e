// Which posts carry 'USER WAS BANNED FOR THIS POST': a ban naming the post that has not been lifted. When several
// bans name one post, the newest one is shown.
import type { BanMark } from './to-public'
import { rawSql } from '../db/client'
import { inIds, sqlText } from '../db/driver-sql'

const BAN_MARK_COLUMNS = sqlText(
  'id, post_id AS "postId", reason, created_at AS "createdAt", expires_at AS "expiresAt"',
)

/** Bans naming posts (their post id is set by the query) → each post's newest mark. */
function newestPerPost(bans: (BanMark & { id: number; postId: number | null })[]): Map<number, BanMark> {
  return new Map(
    bans
      .sort((a, b) => a.id - b.id)
      .map((b) => [b.postId!, { reason: b.reason, createdAt: b.createdAt, expiresAt: b.expiresAt }]),
  )
}

/**
 * Ban marks of a few posts (a board page's window of posts, one post): one statement on the driver with the ids
 * bound as one list (lib/db/driver-sql.ts); through the ORM, 600 bound ids cost ≈ 1.9 ms of CPU to find the usual
 * none.
 */
export async function banMarksFor(postIds: number[]): Promise<Map<number, BanMark>> {
  if (!postIds.length) return new Map()
  const sql = await rawSql()
  return newestPerPost(
    await sql.$queryRaw<(BanMark & { id: number; postId: number })[]>`
      SELECT ${BAN_MARK_COLUMNS} FROM bans WHERE post_id ${inIds(postIds)} AND is_active = true`,
  )
}

/**
 * Ban marks of a thread's posts after a post id (0 = all). Bans keep their post id by value (no foreign key), so
 * the thread is found through its posts, each probed for its newest active ban by a subquery in the select list:
 * evaluated post by post on SQLite and PostgreSQL alike, whatever the size of the bans table (a join, or an IN,
 * lets PostgreSQL merge or hash the whole table). Only the posts with a mark come back: a 300-post thread's rows of
 * nulls cost the driver and Prisma's row mapping ≈ 0.5 ms for nothing. Then the few bans found are read by id.
 */
export async function banMarksInThread(threadId: number, afterPostId = 0): Promise<Map<number, BanMark>> {
  const sql = await rawSql()
  const rows = await sql.$queryRaw<{ ban_id: number | bigint }[]>`
    SELECT ban_id FROM (
      SELECT (SELECT MAX(b.id) FROM bans b WHERE b.post_id = p.id AND b.is_active = true) AS ban_id
      FROM posts p WHERE p.thread_id = ${threadId} AND p.id > ${afterPostId}
    ) AS marks WHERE ban_id IS NOT NULL`
  const banIds = rows.map((r) => Number(r.ban_id))
  if (!banIds.length) return new Map()
  return newestPerPost(
    await sql.$queryRaw<(BanMark & { id: number; postId: number })[]>`
      SELECT ${BAN_MARK_COLUMNS} FROM bans WHERE id ${inIds(banIds)}`,
  )
}
