// Which posts carry 'USER WAS BANNED FOR THIS POST': a ban naming the post that has not been lifted.
import type { Db } from '../db/client'
import type { BanMark } from './to-public'

export async function banMarksFor(db: Db, postIds: number[]): Promise<Map<number, BanMark>> {
  if (!postIds.length) return new Map()
  const bans = await db.ban.findMany({
    where: { postId: { in: postIds }, isActive: true },
    select: { postId: true, reason: true, createdAt: true, expiresAt: true },
    orderBy: { id: 'asc' },
  })
  return new Map(bans.map((b) => [b.postId!, b]))
}
