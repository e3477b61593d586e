// The public read API under /api/boards and /api/stats that the page cache keeps, and the tags of each answer
// (which events make it stale). Every one is the same for every visitor: answers that depend on the caller (a
// post's survey with the caller's vote, search, captcha, staff) are not listed and always reach their handler.
// Only the query strings the handlers accept in their plain form are cached; any other goes to the handler.
import { getConfig } from '../config'
import { isThreadId, SAFETY_TTL_MS, threadTags, type ApiRoute } from './route-parts'
import { MAX_HOURS } from '../stats/types'

const BOARD_ID = '([a-z0-9]{1,10})'
const ID = '([1-9][0-9]{0,9})'
const BOARDS = '/api/boards'
const BOARD = new RegExp(`^/api/boards/${BOARD_ID}$`)
const THREADS = new RegExp(`^/api/boards/${BOARD_ID}/threads$`)
const THREAD = new RegExp(`^/api/boards/${BOARD_ID}/threads/${ID}$`)
const POSTS = new RegExp(`^/api/boards/${BOARD_ID}/threads/${ID}/posts$`)
const SURVEY_READ = new RegExp(`^/api/boards/${BOARD_ID}/surveys/${ID}/(?:results|correlations)$`)
const STATS = '/api/stats'
const HOURLY = '/api/stats/hourly'
/** The query parameters of GET …/posts, in the forms its handler accepts; anything else goes to the handler. */
const POSTS_QUERY: Record<string, RegExp> = { after: /^[1-9][0-9]{0,9}$/, includeSurveys: /^(?:true|false)$/ }
const HOURS_QUERY = /^\?hours=([1-9][0-9]{0,2})$/

export const isApiReadPath = (pathname: string) => pathname.startsWith('/api/boards') || pathname.startsWith(STATS)

/** The cache route of a public API read, or null when its answer is not cached. */
export function apiRoute(pathname: string, search: string): ApiRoute | null {
  const posts = POSTS.exec(pathname)
  if (posts) {
    if (!isThreadId(posts[2]) || !isPostsQuery(search)) return null
    return thread(posts[1], posts[2])
  }
  if (pathname === STATS || pathname === HOURLY) return statsRoute(pathname, search)
  if (search) return null
  // Boards change only through their settings, which drop "home" (the list) and "threads:{id}" (one board).
  if (pathname === BOARDS) return { tags: ['home'], ttlMs: SAFETY_TTL_MS, api: true }
  let m = BOARD.exec(pathname)
  if (m) return { tags: [`threads:${m[1]}`], boardId: m[1], ttlMs: SAFETY_TTL_MS, api: true }
  // The live threads with their latest replies change with every write on the board, like its index pages.
  m = THREADS.exec(pathname)
  if (m) return { tags: [`board:${m[1]}`], boardId: m[1], ttlMs: SAFETY_TTL_MS, api: true }
  m = THREAD.exec(pathname)
  if (m) return isThreadId(m[2]) ? thread(m[1], m[2]) : null
  // A vote, a new poll and a deleted post or thread all drop their board's tag; a survey id names no thread.
  m = SURVEY_READ.exec(pathname)
  if (m && isThreadId(m[2])) return { tags: [`board:${m[1]}`], boardId: m[1], ttlMs: SAFETY_TTL_MS, api: true }
  return null
}

function thread(boardId: string, threadId: string): ApiRoute {
  return { tags: threadTags(boardId, threadId), boardId, threadId: Number(threadId), ttlMs: SAFETY_TTL_MS, api: true }
}

/**
 * Statistics change with time, not events: kept no longer than their figures (not at all when those are live).
 * "stats" is also dropped by a board settings change, as the figures name the boards.
 */
function statsRoute(pathname: string, search: string): ApiRoute | null {
  const ttlMs = Math.min(60_000, getConfig().statsRefreshSeconds * 1000)
  if (!ttlMs) return null
  if (pathname === HOURLY && search) {
    const hours = HOURS_QUERY.exec(search)
    if (!hours || Number(hours[1]) > MAX_HOURS) return null
  } else if (search) return null
  return { tags: ['stats'], ttlMs, api: true }
}

function isPostsQuery(search: string): boolean {
  const params = new URLSearchParams(search)
  const names = [...params.keys()]
  return (
    new Set(names).size === names.length &&
    names.every((name) => Object.hasOwn(POSTS_QUERY, name) && POSTS_QUERY[name].test(params.get(name)!))
  )
}
