// Rendered pages in memory: a byte-bounded LRU of entries, each with its tags, precompressed bodies and an ETag.
// Brotli is made with the entry (every current browser takes it); gzip only when a client that takes gzip but not
// brotli asks for the page (an older client, a crawler, a CDN fetching from the origin), then kept with it.
// Misses of one page share one render; an invalidation also disowns renders in flight, so a request that arrives
// after a write never receives a page rendered before it, unless the invalidation was a soft one: then entries (and
// renders in flight) of pages that may be served stale are kept, marked with the time they went stale, and the
// caller (serve.ts) decides how long it may still send them.
import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, gzip } from 'node:zlib'
import { LRUCache } from 'lru-cache'
import type { PageShell } from '../render/page-shell'

export interface RenderedPage {
  status: number
  headers: Record<string, string>
  body: Buffer
  /** The page's bytes around its slots, when a later version may be put together from them (page-shell.ts). */
  shell?: PageShell
}

export interface CacheEntry {
  headers: Record<string, string>
  identity: Buffer
  /** Made on the first request that needs it (gzipped), then kept and counted in the entry's size. */
  gzip?: Buffer
  br: Buffer
  etag: string
  tags: string[]
  /** When the render this entry came from started: the entry shows every change made before then. */
  renderedAt: number
  /** The time of the first soft invalidation the entry does not show; undefined while it is current. */
  staleSince?: number
  /** The entry may be kept stale on a soft invalidation (its route is `staleOk`). */
  staleOk: boolean
  /** Views of `identity` around its slots (RenderedPage). */
  shell?: PageShell
}

interface Kept {
  page: RenderedPage
  entry?: CacheEntry
}
interface InFlight {
  promise: Promise<Kept>
  tags: string[]
  startedAt: number
  staleOk: boolean
  /** A hard invalidation (or a soft one of a page that may not be stale): its page is never stored. */
  dropped: boolean
  /** A soft invalidation during the render: its page is stored, stale since then. */
  staleSince?: number
}

export class PageStore {
  private readonly entries: LRUCache<string, CacheEntry>
  private readonly byTag = new Map<string, Set<string>>()
  private readonly inFlight = new Map<string, InFlight>()
  /**
   * Renders still running per key, shared or not: an invalidation takes a flight out of `inFlight` (later
   * requests must not share a render from before the write) but it runs on, and one a soft invalidation kept
   * will store the page, stale.
   */
  private readonly running = new Map<string, number>()
  private readonly settling = new Set<NodeJS.Timeout>()
  /** gzip copies being made, one per entry however many requests wait for it. */
  private readonly gzipping = new WeakMap<CacheEntry, Promise<CacheEntry>>()
  readonly stats = { hits: 0, misses: 0, stores: 0, invalidations: 0 }

  /** `settleMs`: how long a page must stay before it is compressed again at the better settings (-1: never). */
  constructor(
    maxBytes: number,
    private readonly settleMs = SETTLE_MS,
  ) {
    this.entries = new LRUCache<string, CacheEntry>({
      maxSize: maxBytes,
      sizeCalculation: (e) =>
        e.identity.length + (e.gzip?.length ?? 0) + e.br.length + (e.shell?.carried?.bytes ?? 0) + 512,
      dispose: (entry, key) => this.untag(key, entry.tags),
    })
  }

  get(key: string): CacheEntry | undefined {
    const entry = this.entries.get(key)
    if (entry) this.stats.hits++
    return entry
  }

  /**
   * The page's last render, current or stale, for a new one to be put together from (without counting a hit);
   * undefined once dropped.
   */
  previous(key: string): Pick<CacheEntry, 'headers' | 'shell'> | undefined {
    return this.entries.peek(key)
  }

  /**
   * A render of the page is under way, whether a later request would share it or an invalidation disowned it
   * (serve.ts starts no background render of a stale page meanwhile: replies landing during one render must not
   * each start another).
   */
  rendering(key: string): boolean {
    return this.running.has(key)
  }

  /**
   * The page from one shared render. `store` decides whether a successful render may be kept (e.g. the thread
   * still exists); it is kept only when no hard invalidation of its tags happened meanwhile (after a soft one it
   * is kept as stale). Readers arriving until the page is stored (not just rendered) share the same flight, so
   * one cold page is rendered once. `staleOk`: the page may be kept stale on a soft invalidation.
   */
  async render(
    key: string,
    tags: string[],
    ttlMs: number,
    render: () => Promise<RenderedPage>,
    store: (page: RenderedPage) => Promise<boolean>,
    staleOk = false,
  ): Promise<{ page: RenderedPage; entry?: CacheEntry; shared: boolean }> {
    let flight = this.inFlight.get(key)
    const shared = Boolean(flight)
    if (!flight) {
      this.stats.misses++
      // The flight is registered before its work starts, so the work can see whether it was dropped.
      const started = { tags, startedAt: Date.now(), staleOk, dropped: false } as InFlight
      started.promise = this.renderAndKeep(key, started, ttlMs, render, store)
      flight = started
      this.inFlight.set(key, started)
      this.running.set(key, (this.running.get(key) ?? 0) + 1)
      void started.promise
        .catch(() => {})
        .finally(() => {
          if (this.inFlight.get(key) === started) this.inFlight.delete(key)
          const left = this.running.get(key)! - 1
          if (left) this.running.set(key, left)
          else this.running.delete(key)
        })
    }
    return { ...(await flight.promise), shared }
  }

  private async renderAndKeep(
    key: string,
    flight: InFlight,
    ttlMs: number,
    render: () => Promise<RenderedPage>,
    store: (page: RenderedPage) => Promise<boolean>,
  ): Promise<Kept> {
    const page = await render()
    if (page.status !== 200 || flight.dropped) return { page }
    // A current entry stored meanwhile, or a stale one whose render started later, is the better answer. Not a
    // stale one started in the same millisecond: it may be the render this one was started to replace.
    const newer = () => {
      const existing = this.entries.peek(key)
      return existing && (existing.staleSince === undefined || existing.renderedAt > flight.startedAt)
        ? existing
        : undefined
    }
    const existing = newer()
    if (existing) return { page, entry: existing }
    if (!(await store(page)) || flight.dropped) return { page }
    const entry = await compress(page, flight.tags, FIRST, { renderedAt: flight.startedAt, staleOk: flight.staleOk })
    if (flight.dropped) return { page } // invalidated while compressing
    const stored = newer()
    if (stored) return { page, entry: stored }
    entry.staleSince = flight.staleSince
    this.entries.set(key, entry, { ttl: ttlMs })
    for (const tag of flight.tags) {
      if (!this.byTag.has(tag)) this.byTag.set(tag, new Set())
      this.byTag.get(tag)!.add(key)
    }
    this.stats.stores++
    this.settleLater(key, entry)
    return { page, entry }
  }

  /**
   * A page still held a few seconds after it was stored is compressed again, smaller, off any request's path: the
   * first compression was the fast one the waiting reader needed. Same page, same ETag; a page dropped meanwhile
   * (most pages of a busy thread) costs nothing more.
   */
  private settleLater(key: string, entry: CacheEntry): void {
    if (this.settleMs < 0) return
    const timer = setTimeout(() => {
      this.settling.delete(timer)
      const held = this.entries.peek(key)
      if (!held || !sameRender(held, entry)) return
      const page = { status: 200, headers: held.headers, body: held.identity, shell: held.shell }
      void compress(page, held.tags, SETTLED, held, held.etag, Boolean(held.gzip)).then(
        (settled) => {
          const current = this.entries.peek(key)
          if (!current || !sameRender(current, entry)) return
          settled.staleSince = current.staleSince
          settled.gzip ??= current.gzip // made meanwhile by a request for it
          // The same tags stay indexed (no dispose), and the entry keeps the time to live it had left.
          this.entries.set(key, settled, { noDisposeOnSet: true, noUpdateTTL: true })
        },
        () => {},
      )
    }, this.settleMs)
    timer.unref()
    this.settling.add(timer)
  }

  /**
   * The entry with its gzip copy, made now (at the fast settings: a reader waits) if it has none yet and kept in
   * the cache's copy of the entry, which then counts it. One compression per entry however many readers ask.
   */
  gzipped(key: string, entry: CacheEntry): Promise<CacheEntry> {
    if (entry.gzip) return Promise.resolve(entry)
    let made = this.gzipping.get(entry)
    if (!made) {
      made = gzipAsync(entry.identity, { level: FIRST.gzip, chunkSize: outputChunk(entry.identity.length) }).then(
        (gzip) => {
          const withGzip = { ...entry, gzip }
          const current = this.entries.peek(key)
          // A new object, so the cache counts its size again; marks made on the old one meanwhile carry over.
          if (current && sameRender(current, entry) && !current.gzip) {
            withGzip.staleSince = current.staleSince
            this.entries.set(key, withGzip, { noDisposeOnSet: true, noUpdateTTL: true })
          }
          return withGzip
        },
      )
      // A failed compression is not remembered: the next reader tries again.
      made.catch(() => this.gzipping.delete(entry))
      this.gzipping.set(entry, made)
    }
    return made
  }

  /** Stops pending recompressions (the server is closing). */
  close(): void {
    for (const timer of this.settling) clearTimeout(timer)
    this.settling.clear()
  }

  /**
   * Drops the entries with any of the tags and disowns their renders in flight. `soft` (an event that only adds to
   * pages): entries and renders of `staleOk` pages are kept instead, marked stale from now.
   */
  invalidate(tags: string[] | 'all', soft = false): void {
    this.stats.invalidations++
    if (tags === 'all') {
      for (const flight of this.inFlight.values()) flight.dropped = true
      this.inFlight.clear()
      this.entries.clear()
      return
    }
    const now = Date.now()
    const prefixes = tags.filter((t) => t.endsWith(':*')).map((t) => t.slice(0, -1))
    const matches = (tag: string) => tags.includes(tag) || prefixes.some((p) => tag.startsWith(p))
    for (const [key, flight] of this.inFlight) {
      if (!flight.tags.some(matches)) continue
      // Out of the map either way, so later requests start their own render.
      if (soft && flight.staleOk) flight.staleSince ??= now
      else flight.dropped = true
      this.inFlight.delete(key)
    }
    // Every post looks its tags up rather than walking all the cache's tags (≈ 65 µs per 1,000 entries); only a
    // wildcard (a ban on any board) needs the walk.
    const hit = prefixes.length ? [...this.byTag.keys()].filter(matches) : tags
    for (const tag of hit) {
      // Deleting an entry untags it, so its set is copied first (and may be gone by the next tag).
      for (const key of [...(this.byTag.get(tag) ?? [])]) {
        const entry = this.entries.peek(key)
        if (soft && entry?.staleOk) entry.staleSince ??= now
        else this.entries.delete(key)
      }
    }
  }

  get size(): number {
    return this.entries.size
  }

  /** Bytes held, as counted against the cache's limit. */
  get bytes(): number {
    return this.entries.calculatedSize
  }

  private untag(key: string, tags: string[]): void {
    for (const tag of tags) {
      const keys = this.byTag.get(tag)
      keys?.delete(key)
      if (keys && !keys.size) this.byTag.delete(tag)
    }
  }
}

const gzipAsync = promisify(gzip)
const brotliAsync = promisify(brotliCompress)

interface Settings {
  brotli: number
  gzip: number
}
// A reader waits for the first compression of a page just rendered. Measured on a 1.1 MB thread page: brotli 4 and
// gzip 1 take 6 + 3 ms for 60 KB and 109 KB; brotli 5 and gzip 6 take 9 + 8 ms for 55 KB and 91 KB.
const FIRST: Settings = { brotli: 4, gzip: 1 }
const SETTLED: Settings = { brotli: 5, gzip: 6 }
const SETTLE_MS = 5_000

/**
 * How much compressed output zlib hands back to the event loop at a time. Each hand-back is a callback on the loop
 * with a buffer of its own: at zlib's default of 16 KB, compressing 1.1 MB of HTML at the first settings cost the
 * loop ≈ 3.7 ms; with 256 KB, ≈ 1.8 ms (and both were done after 12 ms instead of 18 ms). A quarter of the input
 * is more than either encoding makes of a page, so a small answer is not given a large buffer.
 */
const outputChunk = (inputBytes: number) => Math.min(256 * 1024, Math.max(16 * 1024, inputBytes >> 2))

/** The entry's compressed copies on libuv's thread pool, off the event loop that serves other requests meanwhile. */
async function compress(
  page: RenderedPage,
  tags: string[],
  settings: Settings,
  { renderedAt, staleOk }: Pick<CacheEntry, 'renderedAt' | 'staleOk'>,
  // A recompressed page keeps the ETag it was first stored with (it is the same page).
  etag?: string,
  withGzip = false,
): Promise<CacheEntry> {
  const chunkSize = outputChunk(page.body.length)
  const [gzipped, br, tag] = await Promise.all([
    withGzip ? gzipAsync(page.body, { level: settings.gzip, chunkSize }) : undefined,
    brotliAsync(page.body, {
      chunkSize,
      params: { [zlib.BROTLI_PARAM_QUALITY]: settings.brotli, [zlib.BROTLI_PARAM_SIZE_HINT]: page.body.length },
    }),
    etag ?? etagOf(page.body),
  ])
  return {
    headers: page.headers,
    identity: page.body,
    gzip: gzipped,
    br,
    etag: tag,
    tags,
    renderedAt,
    staleOk,
    shell: page.shell,
  }
}

/**
 * Two entries hold the same render of a page: one may be the other with a gzip copy added or recompressed, which
 * keep the render's bytes, while every render (or splice) makes bytes of its own.
 */
const sameRender = (a: CacheEntry, b: CacheEntry) => a.identity === b.identity

/**
 * A strong ETag: the start of the page's SHA-256, hashed on the event loop (≈ 0.8 ms for a 1.2 MB thread page).
 * WebCrypto's digest, tried to keep the hash off the loop, first copies its input on the loop: with glibc's mmap
 * threshold fixed at 128 KB (docs/DEPLOYMENT.md), that copy is a fresh mapping whose pages fault in one by one,
 * ≈ 5 ms of the loop's time for the same page.
 */
function etagOf(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
}
