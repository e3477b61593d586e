// The addresses that sent a write (any request but GET, HEAD or OPTIONS) within the last PAGE_STALE_MS: they are
// never sent a stale page, so a poster always sees their own post, with scripts or without (a form post's
// redirect). Per process: behind several processes a poster whose next read reaches another one may see the page
// without their post for at most PAGE_STALE_MS; with scripts, the thread's live updates add it anyway.
import { LRUCache } from 'lru-cache'

/** Enough for a busy site's posters of the last few seconds; beyond it the oldest are forgotten first. */
const MAX_WRITERS = 20_000

export class RecentWriters {
  private readonly seen: LRUCache<string, true>

  /** `ttlMs`: PAGE_STALE_MS; with 0 nothing is noted (serve.ts), and lru-cache takes a time to live of 0 as none. */
  constructor(ttlMs: number) {
    this.seen = new LRUCache<string, true>({ max: MAX_WRITERS, ttl: Math.max(1, ttlMs) })
  }

  note(ip: string): void {
    this.seen.set(ip, true)
  }

  has(ip: string): boolean {
    return this.seen.has(ip)
  }
}
