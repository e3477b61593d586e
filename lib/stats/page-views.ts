// Page views: server.ts reports every response; those that delivered a public page's HTML, or the
// page data of a client-side navigation to one, are hashed at once and written in batches, so serving a page never
// waits for the database. The buffer is one per process, shared by server.ts and the Next bundle, so computing the
// statistics can flush it first.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { visitorHash } from './salt'
import { dayOfMinute, minuteAt } from './time'
import { listBoards } from '../boards/queries'
import { getDb } from '../db/client'
import { logDbFailure } from '../db/fault-log'
import { countryCodeFor } from '../geo/country'
import { log } from '../log'
import { processSingleton } from '../process-singleton'

const FLUSH_INTERVAL_MS = 2_000
const FLUSH_AT_ROWS = 500
const BOARD_PATH = /^\/board\/([a-z0-9]{1,10})(?:\/|$)/
const PAGES = new Set(['/', '/rules', '/contact', '/stats'])

export interface PageRequest {
  method: string
  /** Path and query as requested. */
  url: string
  status: number
  headers: Record<string, string | string[] | undefined>
}

// Never pages: skipped without waiting for the response.
const NOT_PAGES = /^\/(?:api|_next|media|flags|socket\.io)\//

/** The board of a counted page view (null for site pages), or undefined when the request is not a page view. */
export function pageViewBoard(req: PageRequest): string | null | undefined {
  // 304: a revalidated page the browser shows from its copy is still a view.
  if (req.method !== 'GET' || (req.status !== 200 && req.status !== 304)) return undefined
  // Prefetches are not views; a client-side navigation's page-data request is (header `rsc: 1`).
  if (
    req.headers['next-router-prefetch'] ||
    req.headers.purpose === 'prefetch' ||
    req.headers['sec-purpose']?.includes('prefetch')
  )
    return undefined
  const path = req.url.split('?')[0]
  if (PAGES.has(path)) return null
  return BOARD_PATH.exec(path)?.[1]
}

/** Called by server.ts for each visitor request: records a page view once the response is sent, if it is one. */
export function watchForPageView(req: IncomingMessage, res: ServerResponse, ip: string): void {
  const url = req.url ?? '/'
  if (req.method !== 'GET' || NOT_PAGES.test(url)) return
  res.once('finish', () => {
    const boardId = pageViewBoard({ method: 'GET', url, status: res.statusCode, headers: req.headers })
    if (boardId !== undefined) recordPageView(ip, boardId)
  })
}

// Views by one visitor of one board (or of the site pages) in one minute are one row with a count: the table
// grows with visitors, not with requests, and a busy page costs a map update, not an insert.
type Row = {
  createdAt: Date
  minute: number
  boardId: string | null
  countryCode: string | null
  visitorHash: string
  views: number
}
type Recorder = {
  rows: Map<string, Row>
  pending: Set<Promise<void>>
  timer?: NodeJS.Timeout
  flushing?: Promise<void>
}
const recorder = () => processSingleton<Recorder>('stats.page-views', () => ({ rows: new Map(), pending: new Set() }))

// Today's hash and country of recent visitors: a cached page is then counted without hashing or a GeoIP lookup.
const KNOWN_VISITORS = 50_000
type Known = { day: number; visitorHash: string; countryCode: string | null }
const knownVisitors = () => processSingleton('stats.known-visitors', () => new Map<string, Known>())

/**
 * Records one page view; never throws (statistics must not break a page). Called for every page served, cache hits
 * included: a view by a known visitor costs a clock read and two map lookups, and a Date only for a new row (Next
 * wraps the Date constructor in the server, which made `new Date()` a visible share of a cached page's CPU).
 */
export function recordPageView(ip: string, boardId: string | null, atMs = Date.now()): void {
  const minute = minuteAt(atMs)
  const known = knownVisitors().get(ip)
  if (known?.day === dayOfMinute(minute)) return addView(atMs, minute, boardId, known)
  const at = new Date(atMs)
  const r = recorder()
  const work = Promise.all([visitorHash(ip, at), countryCodeFor(ip)]).then(
    ([hash, countryCode]) => {
      const visitor = { day: dayOfMinute(minute), visitorHash: hash, countryCode }
      const cache = knownVisitors()
      if (cache.size >= KNOWN_VISITORS) cache.clear()
      cache.set(ip, visitor)
      addView(atMs, minute, boardId, visitor)
    },
    (err) => log.error('statistics: page view not recorded', err),
  )
  r.pending.add(work)
  void work.finally(() => r.pending.delete(work))
}

function addView(atMs: number, minute: number, boardId: string | null, visitor: Known): void {
  const r = recorder()
  const key = `${minute} ${boardId ?? ''} ${visitor.visitorHash}`
  const row = r.rows.get(key)
  if (row) row.views++
  else
    r.rows.set(key, {
      createdAt: new Date(atMs),
      minute,
      boardId,
      countryCode: visitor.countryCode,
      visitorHash: visitor.visitorHash,
      views: 1,
    })
  if (r.rows.size >= FLUSH_AT_ROWS) void flushPageViews()
  r.timer ??= setTimeout(() => {
    r.timer = undefined
    void flushPageViews()
  }, FLUSH_INTERVAL_MS)
  r.timer.unref?.()
}

/** Writes every recorded page view (including ones still being hashed). */
export async function flushPageViews(): Promise<void> {
  const r = recorder()
  await Promise.all(r.pending)
  // One flush at a time, so rows are never written twice or lost between two flushes.
  while (r.flushing) await r.flushing
  if (!r.rows.size) return
  const rows = [...r.rows.values()]
  r.rows.clear()
  r.flushing = (async () => {
    try {
      // Pages of unknown boards answer with a not-found card; they are not views of a board.
      const boards = new Set((await listBoards()).map((b) => b.id))
      const views = rows.filter((row) => row.boardId === null || boards.has(row.boardId))
      if (views.length) await (await getDb()).pageView.createMany({ data: views })
    } catch (err) {
      logDbFailure(`statistics: ${rows.length} page view rows not written:`, err)
    } finally {
      r.flushing = undefined
    }
  })()
  await r.flushing
}
