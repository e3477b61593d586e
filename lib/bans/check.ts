// The ban check, run after the board is found and before anything else. First personal bans
// (the client's IPv4 address or IPv6 /64, this board or global), then range bans in force for this board or
// global (lib/bans/range-match.ts decides which applies). The in-memory ban index answers first: when it is
// loaded, current and knows no ban that could apply, the two queries are skipped (most requests of a busy site).
import { getDb } from '../db/client'
import { BannedError } from '../errors'
import { mayBeBanned } from './ban-index'
import { findRangeBanHit } from './range-match'
import { countryName } from '../geo/country-names'
import { RENDER_IDENTITY } from '../http/client-ip'
import { ipKey } from '../net/ip'

export async function assertNotBanned(boardId: string, ip: string): Promise<void> {
  // The page cache's own renders (marked by server.ts, which no client can imitate) are what everyone may see;
  // banned visitors never reach the cache.
  if (ip === RENDER_IDENTITY) return
  if (!(await mayBeBanned(boardId, ip))) return
  await assertNoPersonalBan(boardId, ip)
  await assertNoRangeBan(boardId, ip)
}

async function assertNoPersonalBan(boardId: string, ip: string): Promise<void> {
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
  bans.sort(
    (a, b) =>
      (a.expiresAt ? 1 : 0) - (b.expiresAt ? 1 : 0) ||
      (b.expiresAt?.getTime() ?? 0) - (a.expiresAt?.getTime() ?? 0) ||
      b.createdAt.getTime() - a.createdAt.getTime() ||
      b.id - a.id,
  )
  const ban = bans[0]
  const until = ban.expiresAt ? `until ${ban.expiresAt.toISOString()}` : 'permanently'
  throw new BannedError({
    error: 'Banned',
    message: `You are banned from this board ${until}. Reason: ${ban.reason}`,
    ban: {
      id: ban.id,
      reason: ban.reason,
      expires_at: ban.expiresAt?.toISOString() ?? null,
      appeal_status: ban.appealStatus,
      board_id: ban.boardId,
      post_content: ban.postContent,
      post_image_url: ban.postImageUrl,
      thread_id: ban.threadId,
      post_id: ban.postId,
    },
  })
}

const WHO = {
  country: (v: string) => `Your country (${v})`,
  asn: (v: string) => `Your network (ASN ${v})`,
  ip_range: (v: string) => `Your IP range (${v})`,
}

async function assertNoRangeBan(boardId: string, ip: string): Promise<void> {
  const db = await getDb()
  const now = new Date()
  const bans = await db.rangeBan.findMany({
    where: {
      isActive: true,
      OR: [{ boardId }, { boardId: null }],
      AND: [{ OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] }],
    },
  })
  const ban = await findRangeBanHit(bans, ip)
  if (!ban) return
  const type = ban.banType as keyof typeof WHO
  const until = ban.expiresAt ? `until ${ban.expiresAt.toISOString()}` : 'permanently'
  throw new BannedError({
    error: 'Rangebanned',
    message: `${WHO[type](ban.banValue)} is banned from this board ${until}. Reason: ${ban.reason}`,
    rangeban: {
      type,
      value: ban.banValue,
      ...(type === 'country' ? { country_name: countryName(ban.banValue) } : {}),
      reason: ban.reason,
      expires_at: ban.expiresAt?.toISOString() ?? null,
      board_id: ban.boardId,
    },
  })
}

/**
 * The ban check for callers who may be exempt: logged-in staff are never stopped by a visitor ban on their own
 * address (they must be able to read and moderate the board). `isExempt` is asked only when a ban applies.
 */
export async function assertNotBannedUnless(
  boardId: string,
  ip: string,
  isExempt?: () => Promise<boolean>,
): Promise<void> {
  try {
    await assertNotBanned(boardId, ip)
  } catch (err) {
    if (err instanceof BannedError && isExempt && (await isExempt().catch(() => false))) return
    throw err
  }
}
