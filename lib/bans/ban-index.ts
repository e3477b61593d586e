// An in-memory picture of the bans in force, so the page cache can tell, without a query, whether a visitor might
// be banned (then the page is rendered for them, ban screen included). It only has to be safe in one direction:
// "maybe" sends the visitor to a full render, "no" must be right. Reloaded after every ban change (from any
// process, through the event relay), when the relay may have lost events, and every minute, which also drops
// expired bans.
import { findRangeBanHit, type RangeBanLike } from './range-match'
import { getDb } from '../db/client'
import { logDbFailure } from '../db/fault-log'
import { subscribe } from '../events/bus'
import { ipKey, normalizeIp } from '../net/ip'
import { noTimers, retryAfter, startEvery, stopTimers, type PeriodicTimers } from '../periodic-timers'
import { processSingleton } from '../process-singleton'

const REFRESH_MS = 60_000
/** After a failed load the index tries again this soon, not at the next minute: until it loads, no page is cached. */
const RETRY_MS = 2_000

interface IndexedBan {
  boardId: string | null
  expiresAt: number | null
}
interface IndexedRangeBan extends RangeBanLike, IndexedBan {}
interface Snapshot {
  personal: Map<string, IndexedBan[]>
  ranges: IndexedRangeBan[]
}

interface State extends PeriodicTimers {
  snapshot: Snapshot | null
  /** True from a ban change until a load that started after it has finished. */
  stale: boolean
  dirty: boolean
  loading: Promise<void> | null
  unsubscribe: (() => void) | null
}
const state = () =>
  processSingleton<State>('ban-index', () => ({
    snapshot: null,
    stale: true,
    dirty: false,
    loading: null,
    ...noTimers(),
    unsubscribe: null,
  }))

const inForce = (b: IndexedBan, boardId: string, now: number) =>
  (b.boardId === null || b.boardId === boardId) && (b.expiresAt === null || b.expiresAt > now)

/** True when a personal or range ban might apply; also true while the index is not loaded or is being refreshed. */
export async function mayBeBanned(boardId: string, rawIp: string, now = Date.now()): Promise<boolean> {
  const s = state()
  if (!s.snapshot || s.stale) return true
  const ip = normalizeIp(rawIp)
  if (!ip) return true
  if (s.snapshot.personal.get(ipKey(ip))?.some((b) => inForce(b, boardId, now))) return true
  const ranges = s.snapshot.ranges.filter((b) => inForce(b, boardId, now))
  return (await findRangeBanHit(ranges, ip)) !== null
}

export function startBanIndex(): void {
  const s = state()
  if (s.timer) return
  s.unsubscribe = subscribe('state', (event) => {
    if (event.name === 'bans_changed' || event.name === 'events_missed') void reload()
  })
  // The periodic load only catches rows changed outside the app; the snapshot stays in use meanwhile.
  startEvery(s, REFRESH_MS, () => void reload({ stale: false }))
  void reload()
}

export function stopBanIndex(): void {
  const s = state()
  stopTimers(s)
  s.unsubscribe?.()
  s.unsubscribe = null
}

/**
 * Loads the index again; overlapping reloads coalesce. After a ban change the index is marked stale at once, so
 * no answer relies on it until a load that started after the change has finished.
 */
function reload({ stale = true } = {}): Promise<void> {
  const s = state()
  if (stale) s.stale = true
  s.dirty = true
  // A load already running may have read the old rows: its loop runs once more.
  s.loading ??= (async () => {
    while (s.dirty) {
      s.dirty = false
      if ((await load()) && !s.dirty) s.stale = false
    }
  })().finally(() => {
    s.loading = null
  })
  return s.loading
}

async function load(): Promise<boolean> {
  const s = state()
  try {
    const db = await getDb()
    const now = new Date()
    const where = { isActive: true, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] }
    const [bans, ranges] = await Promise.all([
      db.ban.findMany({ where, select: { ipKey: true, boardId: true, expiresAt: true } }),
      db.rangeBan.findMany({
        where,
        select: { id: true, banType: true, banValue: true, boardId: true, expiresAt: true },
      }),
    ])
    const personal = new Map<string, IndexedBan[]>()
    for (const b of bans) {
      const list = personal.get(b.ipKey) ?? []
      list.push({ boardId: b.boardId, expiresAt: b.expiresAt?.getTime() ?? null })
      personal.set(b.ipKey, list)
    }
    s.snapshot = { personal, ranges: ranges.map((r) => ({ ...r, expiresAt: r.expiresAt?.getTime() ?? null })) }
    return true
  } catch (err) {
    // Stay stale: every visitor gets a full render (with the database's ban check) until a load succeeds.
    logDbFailure('ban index: load failed:', err)
    if (s.timer && !s.retry) retryAfter(s, RETRY_MS, () => void reload({ stale: false }))
    return false
  }
}
