// The thread watcher's state as pure functions: which threads the reader watches, the posts in each that arrived
// after the reader last saw it (and which of those quote the reader's own posts), and whether the thread died.
// Unread posts are kept as ids rather than counts, so an event heard twice (live and in a catch-up fetch, or by two
// tabs) counts once, and a deleted reply stops counting.
import { SOCKET_ROOMS_MAX } from '@/lib/limits'
import { referencedPostIds } from '@/lib/markup/parse'
import type { PublicPost } from '@/lib/posts/types'

/** At most this many watched threads; watching one more drops the one watched longest ago. */
export const MAX_WATCHED = 50
/** Unread ids kept per thread (the newest): the count stops there. */
export const MAX_UNREAD_IDS = 500
/** Thread rooms the watcher's socket joins: under the server's limit per socket, with some to spare. */
export const WATCHER_ROOMS = SOCKET_ROOMS_MAX - 5
/** Longest label kept, in characters. */
export const LABEL_MAX = 80
const BOARD_ID = /^[a-z0-9]{1,10}$/

export interface WatchedThread {
  boardId: string
  threadId: number
  /** The topic, or the start of the opening post, or "Thread #n". */
  label: string
  /** When it was watched (ms since the epoch): the list shows the newest first and drops the oldest. */
  watchedAt: number
  /** Posts up to this id have been seen (or were there when the thread was watched). */
  seenId: number
  /** Posts after seenId written by others, oldest first. */
  unread: number[]
  /** Those of `unread` that quote one of the reader's posts. */
  unreadYou: number[]
  /** Archived or deleted. */
  dead: boolean
}

export interface WatcherState {
  threads: WatchedThread[]
}

export const EMPTY_WATCHER: WatcherState = { threads: [] }

/** The thread's room name, also its key in the list. */
export const watchKey = (boardId: string, threadId: number) => `${boardId}-${threadId}`
const keyOf = (t: WatchedThread) => watchKey(t.boardId, t.threadId)

export type WatcherAction =
  | { type: 'watch'; boardId: string; threadId: number; label: string; lastPostId: number; now: number }
  | { type: 'unwatch'; boardId: string; threadId: number }
  | { type: 'seen'; boardId: string; threadId: number; upTo: number }
  | { type: 'post_created'; post: PublicPost }
  | { type: 'post_deleted'; boardId: string; threadId: number; postId: number }
  | { type: 'died'; boardId: string; threadId: number }
  /** The thread as fetched now, with every post after the `after` the fetch asked for. */
  | {
      type: 'caught_up'
      boardId: string
      threadId: number
      after: number
      topic: string
      isDead: boolean
      posts: PublicPost[]
    }

/** A label for the list: the topic, else the start of the text, else the thread's number. */
export function labelFor(topic: string, text: string, threadId: number): string {
  const words = (topic.trim() || text.replace(/\s+/g, ' ').trim()).slice(0, LABEL_MAX)
  return words || `Thread #${threadId}`
}

const quotesOwn = (post: PublicPost, own: ReadonlySet<number>) =>
  referencedPostIds(post.content).some((id) => own.has(id))

/** Adds the posts newer than seenId and not the reader's own to the unread lists (each id once). */
function withPosts(t: WatchedThread, posts: readonly PublicPost[], own: ReadonlySet<number>): WatchedThread {
  const fresh = posts.filter((p) => p.id > t.seenId && !own.has(p.id) && !t.unread.includes(p.id))
  if (!fresh.length) return t
  const merge = (ids: number[], add: number[]) => [...ids, ...add].sort((a, b) => a - b).slice(-MAX_UNREAD_IDS)
  return {
    ...t,
    unread: merge(
      t.unread,
      fresh.map((p) => p.id),
    ),
    unreadYou: merge(
      t.unreadYou,
      fresh.filter((p) => quotesOwn(p, own)).map((p) => p.id),
    ),
  }
}

function update(
  state: WatcherState,
  boardId: string,
  threadId: number,
  change: (t: WatchedThread) => WatchedThread,
): WatcherState {
  const key = watchKey(boardId, threadId)
  const i = state.threads.findIndex((t) => keyOf(t) === key)
  if (i < 0) return state
  const next = change(state.threads[i])
  if (next === state.threads[i]) return state
  return { threads: state.threads.map((t, j) => (j === i ? next : t)) }
}

/** `own`: the reader's own post ids; their posts never count, replies quoting them count as (You) too. */
export function watcherReducer(state: WatcherState, action: WatcherAction, own: ReadonlySet<number>): WatcherState {
  switch (action.type) {
    case 'watch': {
      const key = watchKey(action.boardId, action.threadId)
      const entry: WatchedThread = {
        boardId: action.boardId,
        threadId: action.threadId,
        label: action.label.slice(0, LABEL_MAX),
        watchedAt: action.now,
        seenId: action.lastPostId,
        unread: [],
        unreadYou: [],
        dead: false,
      }
      return { threads: newestFirst([entry, ...state.threads.filter((t) => keyOf(t) !== key)]) }
    }
    case 'unwatch': {
      const key = watchKey(action.boardId, action.threadId)
      return { threads: state.threads.filter((t) => keyOf(t) !== key) }
    }
    case 'seen':
      return update(state, action.boardId, action.threadId, (t) =>
        action.upTo <= t.seenId
          ? t
          : {
              ...t,
              seenId: action.upTo,
              unread: t.unread.filter((id) => id > action.upTo),
              unreadYou: t.unreadYou.filter((id) => id > action.upTo),
            },
      )
    case 'post_created':
      return update(state, action.post.board_id, action.post.thread_id, (t) => withPosts(t, [action.post], own))
    case 'post_deleted':
      return update(state, action.boardId, action.threadId, (t) =>
        t.unread.includes(action.postId)
          ? {
              ...t,
              unread: t.unread.filter((id) => id !== action.postId),
              unreadYou: t.unreadYou.filter((id) => id !== action.postId),
            }
          : t,
      )
    case 'died':
      return update(state, action.boardId, action.threadId, (t) => (t.dead ? t : { ...t, dead: true }))
    case 'caught_up':
      return update(state, action.boardId, action.threadId, (t) => {
        // The fetch is the truth for the ids it covers: unread posts after `after` it did not return were deleted.
        const upTo = action.posts.reduce((max, p) => Math.max(max, p.id), action.after)
        const keep = (id: number) => id <= action.after || id > upTo || action.posts.some((p) => p.id === id)
        const base: WatchedThread = {
          ...t,
          label: action.topic.trim() ? action.topic.trim().slice(0, LABEL_MAX) : t.label,
          dead: t.dead || action.isDead,
          unread: t.unread.filter(keep),
          unreadYou: t.unreadYou.filter(keep),
        }
        return withPosts(base, action.posts, own)
      })
  }
}

function newestFirst(threads: WatchedThread[]): WatchedThread[] {
  return [...threads].sort((a, b) => b.watchedAt - a.watchedAt).slice(0, MAX_WATCHED)
}

/** Where the list entry leads: the first unread post, or the thread's top when nothing is unread. */
export function firstUnreadHref(t: WatchedThread): string {
  const base = `/board/${t.boardId}/thread/${t.threadId}`
  return t.unread.length ? `${base}#post-${t.unread[0]}` : base
}

/** The threads whose rooms the watcher joins: the live ones watched most recently, at most `cap`. */
export function roomsToJoin(state: WatcherState, cap: number): string[] {
  return state.threads
    .filter((t) => !t.dead)
    .slice(0, cap)
    .map(keyOf)
}

/** The totals the panel's button shows. */
export function totals(state: WatcherState): { unread: number; you: number } {
  let unread = 0
  let you = 0
  for (const t of state.threads) {
    unread += t.unread.length
    you += t.unreadYou.length
  }
  return { unread, you }
}

// Reading stored state: anything that is not this shape (junk, an older version, a hand-edited entry) is dropped
// entry by entry, never thrown.
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0
const isIdList = (v: unknown): v is number[] => Array.isArray(v) && v.every(isId)

function parseEntry(v: unknown): WatchedThread | null {
  if (!v || typeof v !== 'object') return null
  const e = v as Record<string, unknown>
  if (typeof e.boardId !== 'string' || !BOARD_ID.test(e.boardId) || !isId(e.threadId)) return null
  if (typeof e.label !== 'string' || typeof e.watchedAt !== 'number' || !Number.isFinite(e.watchedAt)) return null
  if (!(e.seenId === 0 || isId(e.seenId)) || typeof e.dead !== 'boolean') return null
  if (!isIdList(e.unread) || !isIdList(e.unreadYou)) return null
  const unread = [...new Set(e.unread.filter((id) => id > (e.seenId as number)))].sort((a, b) => a - b)
  return {
    boardId: e.boardId,
    threadId: e.threadId,
    label: e.label.slice(0, LABEL_MAX) || `Thread #${e.threadId}`,
    watchedAt: e.watchedAt,
    seenId: e.seenId,
    unread: unread.slice(-MAX_UNREAD_IDS),
    unreadYou: e.unreadYou.filter((id) => unread.includes(id)).slice(-MAX_UNREAD_IDS),
    dead: e.dead,
  }
}

/** The stored value (`{ v: 1, threads }` as JSON) as state; empty for anything unreadable. */
export function parseWatcher(raw: string | null): WatcherState {
  let value: unknown
  try {
    value = JSON.parse(raw ?? 'null')
  } catch {
    return EMPTY_WATCHER
  }
  if (!value || typeof value !== 'object') return EMPTY_WATCHER
  const { v, threads } = value as { v?: unknown; threads?: unknown }
  if (v !== 1 || !Array.isArray(threads)) return EMPTY_WATCHER
  const seen = new Set<string>()
  const valid = threads.map(parseEntry).filter((t): t is WatchedThread => {
    if (!t || seen.has(keyOf(t))) return false
    seen.add(keyOf(t))
    return true
  })
  return { threads: newestFirst(valid) }
}

export const serializeWatcher = (state: WatcherState) => JSON.stringify({ v: 1, threads: state.threads })
