// The ban check of contract 0.11, run after the board is found and before anything else. Personal bans match
// the client's IPv4 address or IPv6 /64 on this board or globally.
import { getDb } from '../db/client'
import { BannedError } from '../errors'
import { ipKey } from '../net/ip'

export async function assertNotBanned(boardId: string, ip: string): Promise<void> {
  const db = await getDb()
  const now = new Date()
  const bans = await db.ban.findMany({
    where: {
      ipKey: ipKey(ip),
      isActive: true,
      OR: [{ boardId }, { boardId: null }],
      AND: [{ OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] }],
    },
  })
  if (!bans.length) return
  // Permanent first, then the latest expiry, then the newest.
  bans.sort((a, b) =>
    (a.expiresAt ? 1 : 0) - (b.expiresAt ? 1 : 0)
    || (b.expiresAt?.getTime() ?? 0) - (a.expiresAt?.getTime() ?? 0)
    || b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
  const ban = bans[0]
  const until = ban.expiresAt ? `until ${ban.expiresAt.toISOString()}` : 'permanently'
  throw new BannedError({
    error: 'Banned',
    message: `You are banned from this board ${until}. Reason: ${ban.reason}`,
    ban: {
      id: ban.id, reason: ban.reason, expires_at: ban.expiresAt?.toISOString() ?? null, appeal_status: ban.appealStatus,
      board_id: ban.boardId, post_content: ban.postContent, post_image_url: ban.postImageUrl, thread_id: ban.threadId, post_id: ban.postId,
    },
  })
}
