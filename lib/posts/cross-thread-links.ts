// Which threads' pages link to posts of other threads. A thread page resolves each >>link into another thread to
// that post's address, or to /post/{id} once the post is gone; so deleting a post (or its thread) changes the pages
// of the threads linking to it, which no event of theirs announces. Thread page renders note their links here, and
// the page cache asks which threads to drop on a deletion. One index per process, as are the pages it describes.
import { processSingleton } from '../process-singleton'

/** Links noted before the index starts over; a few hundred thousand numbers, a few megabytes. */
export const MAX_LINKS = 100_000
/** Pages rendered before the index started over may still be kept this long (the page cache's longest time to live). */
const FORGOTTEN_FOR_MS = 10 * 60_000

interface Index {
  /** Linked post id → threads linking to it. */
  byPost: Map<number, Set<number>>
  /** Thread of linked posts → threads linking into it. */
  byThread: Map<number, Set<number>>
  links: number
  startedOverAt: number
}

const index = () =>
  processSingleton<Index>('cross-thread-links', () => ({
    byPost: new Map(),
    byThread: new Map(),
    links: 0,
    startedOverAt: -Infinity,
  }))

function add(map: Map<number, Set<number>>, key: number, threadId: number): boolean {
  let set = map.get(key)
  if (!set) map.set(key, (set = new Set()))
  const before = set.size
  set.add(threadId)
  return set.size > before
}

/** A render of `threadId`'s page links to these posts, or into these threads (before the page can be kept). */
export function noteCrossThreadLinks(threadId: number, linked: { postIds?: number[]; threadIds?: number[] }): void {
  const i = index()
  for (const postId of linked.postIds ?? []) if (add(i.byPost, postId, threadId)) i.links++
  for (const linkedThread of linked.threadIds ?? []) if (add(i.byThread, linkedThread, threadId)) i.links++
  if (i.links > MAX_LINKS) {
    i.byPost.clear()
    i.byThread.clear()
    i.links = 0
    i.startedOverAt = Date.now()
  }
}

/**
 * The threads whose pages may link to a deleted post (`postId`) or to any post of a deleted thread; 'all' while
 * pages rendered before the index last started over may still be kept.
 */
export function threadsLinkingTo(deleted: { postId?: number; threadId: number }): number[] | 'all' {
  const i = index()
  if (Date.now() - i.startedOverAt < FORGOTTEN_FOR_MS) return 'all'
  const found = deleted.postId === undefined ? i.byThread.get(deleted.threadId) : i.byPost.get(deleted.postId)
  return [...(found ?? [])]
}

/** Links held (for memory checks). */
export function crossThreadLinkCount(): number {
  return index().links
}
