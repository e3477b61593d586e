// What the descriptions of cached routes share (pages in routes.ts, the read API in api-routes.ts, the 4chan files
// in fourchan-routes.ts): their shape, the safety time to live and the tags of a thread's answers.
import { MAX_ID } from '../http/params'

export interface CachedRoute {
  /**
   * Tags an invalidation names: "home", "rules", "stats", "board:{id}", "thread:{id}", and "threads:{boardId}" on
   * every thread page, which shows its board's name and flag setting.
   */
  tags: string[]
  boardId?: string
  threadId?: number
  /** A board index page's number (1 for the board's own path). */
  boardPage?: number
  /** Longest time an entry may be served without an invalidating event (safety net; statistics age by time). */
  ttlMs: number
  /** An API answer: the visitor's API rate limit applies, and no shared cache (CDN) may keep it. */
  api?: true
  /**
   * A page that may be served stale for PAGE_STALE_MS after an event that only adds to it (a post, a thread, a
   * vote): board index pages, catalogs and thread pages, which every reader with scripts brings up to date anyway.
   */
  staleOk?: true
}

/** A cached API answer: the visitor's API rate limit applies, and no shared cache may keep it. */
export type ApiRoute = CachedRoute & { api: true }

/** Entries normally leave through an event; this bounds how long a missed one could be served. */
export const SAFETY_TTL_MS = 10 * 60_000

/** A thread id from a path (already digits without a leading zero) that fits the database's 32-bit integer. */
export const isThreadId = (id: string) => Number(id) <= MAX_ID

/** "threads:{boardId}" is on every thread answer, which shows its board's name and settings. */
export const threadTags = (boardId: string, threadId: number | string) => [`thread:${threadId}`, `threads:${boardId}`]
