// The public pages the page cache keeps (home, board index pages, catalog, archive, thread, rules, stats, the
// board and thread Atom feeds) and the public read API (boards, threads, a thread's posts with the `after=`
// increments every reader of a page asks for once its socket has joined, poll results, statistics), their
// invalidation tags, and which domain events touch which entries. Thread ids are unique across boards, so a
// thread's tag needs no board.
import { getConfig } from '../config'
import { apiRoute, isApiReadPath } from './api-routes'
import { fourchanRoute, isFourchanPath } from './fourchan-routes'
import { isThreadId, SAFETY_TTL_MS, threadTags, type CachedRoute } from './route-parts'
import { type BusEvent, isThreadEvent } from '../events/internal'

/** A tag ending in ":*" names every tag with that prefix: here, every board page. */
export const ALL_BOARDS = 'board:*'
const BOARD = /^\/board\/([a-z0-9]{1,10})$/
const ARCHIVE = /^\/board\/([a-z0-9]{1,10})\/archive$/
/** A later page of a board index: `?page=N` (N ≥ 2) alone, as the page links write it; they link page 1 without a query. */
const BOARD_PAGE_QUERY = /^\?page=(?:[2-9]|[1-9][0-9]{1,3})$/
/** The archive shows the time left before each thread is deleted: it may age a minute at most. */
const ARCHIVE_TTL_MS = 60_000
const THREAD = /^\/board\/([a-z0-9]{1,10})\/thread\/([1-9][0-9]{0,9})$/
const CATALOG = /^\/board\/([a-z0-9]{1,10})\/catalog$/
/** The catalog's orders, as its sort links write them (board order is linked without a query). */
const CATALOG_QUERY = /^\?sort=(?:bump|created|replies|activity)$/
const BOARD_FEED = /^\/board\/([a-z0-9]{1,10})\/feed\.atom$/
const THREAD_FEED = /^\/board\/([a-z0-9]{1,10})\/thread\/([1-9][0-9]{0,9})\/feed\.atom$/

/** The cache route of a request path, or null when it is not cached. Pages are cached only without a query. */
export function cachedRoute(pathname: string, search = ''): CachedRoute | null {
  // The 4chan-compatible files (fourchan-routes.ts).
  if (isFourchanPath(pathname)) return fourchanRoute(pathname, search)
  // The public read API: boards, threads, posts, poll results, statistics (api-routes.ts).
  if (isApiReadPath(pathname)) return apiRoute(pathname, search)
  const board = BOARD.exec(pathname)
  if (board && (!search || BOARD_PAGE_QUERY.test(search)))
    return {
      tags: [`board:${board[1]}`],
      boardId: board[1],
      boardPage: search ? Number(search.slice('?page='.length)) : 1,
      ttlMs: SAFETY_TTL_MS,
      staleOk: true,
    }
  const catalog = CATALOG.exec(pathname)
  if (catalog && (!search || CATALOG_QUERY.test(search)))
    return { tags: [`board:${catalog[1]}`], boardId: catalog[1], ttlMs: SAFETY_TTL_MS, staleOk: true }
  if (search) return null
  const feed = feedRoute(pathname)
  if (feed !== undefined) return feed
  if (pathname === '/') return { tags: ['home'], ttlMs: SAFETY_TTL_MS }
  if (pathname === '/rules') return { tags: ['rules'], ttlMs: SAFETY_TTL_MS }
  if (pathname === '/stats') {
    // Statistics change with time, not events: keep the page no longer than its figures (none when they are live).
    const ttlMs = Math.min(60_000, getConfig().statsRefreshSeconds * 1000)
    return ttlMs ? { tags: ['stats'], ttlMs } : null
  }
  let m = ARCHIVE.exec(pathname)
  if (m) return { tags: [`board:${m[1]}`], boardId: m[1], ttlMs: ARCHIVE_TTL_MS }
  m = THREAD.exec(pathname)
  if (m && isThreadId(m[2]))
    return {
      tags: threadTags(m[1], m[2]),
      boardId: m[1],
      threadId: Number(m[2]),
      ttlMs: SAFETY_TTL_MS,
      staleOk: true,
    }
  return null
}

/**
 * Feeds hold absolute links. Without PUBLIC_ORIGIN those come from the request's Host and scheme, and a cache render
 * arrives over plain HTTP from the process itself: such feeds are rendered per request instead. Undefined: not a feed.
 */
function feedRoute(pathname: string): CachedRoute | null | undefined {
  const board = BOARD_FEED.exec(pathname)
  const thread = board ? null : THREAD_FEED.exec(pathname)
  if (!board && !thread) return undefined
  if (!getConfig().publicOrigin) return null
  if (board) return { tags: [`board:${board[1]}`], boardId: board[1], ttlMs: SAFETY_TTL_MS }
  if (!isThreadId(thread![2])) return null
  return {
    tags: threadTags(thread![1], thread![2]),
    boardId: thread![1],
    threadId: Number(thread![2]),
    ttlMs: SAFETY_TTL_MS,
  }
}

/**
 * Whether an event only adds to the pages it touches (a post, a thread, a poll, a vote), so they may be served
 * stale a little longer (`staleOk` routes, PAGE_STALE_MS). Anything that removes or changes what a page shows
 * (deletions, deaths, colours, stickies, bans, board settings) drops them at once.
 */
export function onlyAdds(event: BusEvent): boolean {
  return (
    event.name === 'post_created' ||
    event.name === 'thread_created' ||
    event.name === 'survey_created' ||
    event.name === 'survey_vote'
  )
}

/**
 * The tags an event makes stale; 'all' when every page may show the change. "board:{id}" covers every page of the
 * board's index, its catalog, its archive and its feed: a bump moves threads between pages, a death moves one into
 * the archive.
 */
export function tagsFor(event: BusEvent): string[] | 'all' {
  if (isThreadEvent(event)) return [`board:${event.payload.boardId}`, `thread:${event.payload.threadId}`]
  switch (event.name) {
    case 'bans_changed':
      // "USER WAS BANNED FOR THIS POST" appears on the thread and in the board's latest replies; a global ban's
      // post may be on any board, and boards are few.
      return event.payload.threadId === null ? [] : [`thread:${event.payload.threadId}`, ALL_BOARDS]
    case 'board_updated':
      // The home page lists boards, the statistics page names them, and the board's own pages show its name,
      // description, NSFW badge and flags. Other boards' pages do not mention it.
      return ['home', 'stats', `board:${event.payload.boardId}`, `threads:${event.payload.boardId}`]
    case 'reports_changed':
      // Reports are staff-only: no public page shows them.
      return []
    case 'events_missed':
      // Any page may show something this process was not told about.
      return 'all'
    default:
      // An event this map does not know: drop everything rather than serve stale pages.
      return 'all'
  }
}
