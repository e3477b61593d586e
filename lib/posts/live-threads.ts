// The check a reply makes before its body is read (a reply to a missing or archived thread answers at once, before
// an upload is received), with the live threads remembered per process so the hottest write does not ask the
// database each time. Only live threads are remembered, for a minute at most; thread_died and thread_deleted (from
// any process, through the event relay) forget one, a lost relay (events_missed) forgets them all. A thread that
// died in a way this process has not heard of yet passes here, and the reply's own statement refuses it
// (store-reply.ts) with the same answer: the request has then been read, its captcha used and counted against the
// rate limit, as a request refused after reading always is.
import { replyTarget, type ReplyTarget } from './reply-target'
import type { RawSql } from '../db/driver-sql'
import { subscribe } from '../events/bus'
import { processSingleton } from '../process-singleton'

/** Threads remembered at the most: the oldest entry makes room (≈ 100 bytes each). */
export const LIVE_THREADS_MAX = 10_000
const MAX_AGE_MS = 60_000

interface LiveThreads {
  boards: Map<number, { boardId: string; at: number }>
  /** Counts the events that forget threads: a look-up that saw one of them meanwhile is not remembered. */
  changes: number
}

const liveThreads = () =>
  processSingleton('posts.liveThreads', () => {
    const live: LiveThreads = { boards: new Map(), changes: 0 }
    subscribe('state', (event) => {
      if (event.name === 'thread_died' || event.name === 'thread_deleted') {
        live.boards.delete(event.payload.threadId)
        live.changes++
      } else if (event.name === 'events_missed') {
        live.boards.clear()
        live.changes++
      }
    })
    return live
  })

/** The thread a reply goes to as replyTarget finds it, from memory when it is known to be live. */
export async function liveReplyTarget(db: Pick<RawSql, '$queryRaw'>, threadId: number): Promise<ReplyTarget | null> {
  const live = liveThreads()
  const known = live.boards.get(threadId)
  const now = Date.now()
  if (known && now - known.at < MAX_AGE_MS) return { boardId: known.boardId, isDead: false }
  const changes = live.changes
  const target = await replyTarget(db, threadId)
  live.boards.delete(threadId) // an expired entry, or one a concurrent look-up left; re-added last if still live
  if (target && !target.isDead && changes === live.changes) {
    if (live.boards.size >= LIVE_THREADS_MAX) live.boards.delete(live.boards.keys().next().value!)
    live.boards.set(threadId, { boardId: target.boardId, at: now })
  }
  return target
}
