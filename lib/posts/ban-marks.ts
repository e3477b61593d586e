// Which posts carry 'USER WAS BANNED FOR THIS POST': a ban naming the post that has not been lifted. When several
// bans name one post, the newest one is shown.
import type { Db } from '../db/client'
import type { BanMark } from './to-public'

function newestPerPost(bans: (BanMark & { id: number; postId: number })[]): Map<number, BanMark> {
  return new Map(bans.sort((a, b) => a.id - b.id).map((b) => [b.postId, { reason: b.reason, createdAt: b.createdAt, expiresAt: b.expiresAt }]))
}

/** Ban marks of a few posts (a board page's window of posts, one post). */
export async function banMarksFor(db: Db, postIds: number[]): Promise<Map<number, BanMark>> {
  if (!postIds.length) return new Map()
  // No ORDER BY in SQL: Prisma splits a long IN list only for an unordered query.
  const bans = await db.ban.findMany({
    where: { postId: { in: postIds }, isActive: true },
    select: { id: true, postId: true, reason: true, createdAt: true, expiresAt: true },
  })
  return newestPerPost(bans.map((b) => ({ ...b, postId: b.postId! })))
}

/**
 * Ban marks of a thread's posts after a post id (0 = all). Bans keep their post id by value (no foreign key), so
 * the thread is found through the posts: each post is probed for its newest active ban, which keeps the plan a
 * walk along the thread whatever the size of the bans table (a plain join lets PostgreSQL scan or hash it all).
 */
export async function banMarksInThread(db: Db, threadId: number, afterPostId = 0): Promise<Map<number, BanMark>> {
  const rows = await db.$queryRaw<{ id: number | bigint; post_id: number | bigint; reason: string; created_at: Date; expires_at: Date | null }[]>`
    SELECT b.id, b.post_id, b.reason, b.created_at, b.expires_at FROM bans b
    WHERE b.id IN (
      SELECT (SELECT MAX(x.id) FROM bans x WHERE x.post_id = p.id AND x.is_active = true)
      FROM posts p WHERE p.thread_id = ${threadId} AND p.id > ${afterPostId})`
  return newestPerPost(rows.map((r) => ({ id: Number(r.id), postId: Number(r.post_id), reason: r.reason, createdAt: r.created_at, expiresAt: r.expires_at })))
}
