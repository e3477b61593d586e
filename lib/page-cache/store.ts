// Rendered pages in memory: a byte-bounded LRU of entries, each with its tags, precompressed bodies and an ETag.
// Misses of one page share one render; an invalidation also disowns renders in flight, so a request that arrives
// after a write never receives a page rendered before it.
import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, gzip } from 'node:zlib'
import { LRUCache } from 'lru-cache'

export interface RenderedPage {
  status: number
  headers: Record<string, string>
  body: Buffer
}

export interface CacheEntry {
  headers: Record<string, string>
  identity: Buffer
  gzip: Buffer
  br: Buffer
  etag: string
  tags: string[]
}

interface Kept {
  page: RenderedPage
  entry?: CacheEntry
}
interface InFlight {
  promise: Promise<Kept>
  tags: string[]
  disowned: boolean
}

export class PageStore {
  private readonly entries: LRUCache<string, CacheEntry>
  private readonly byTag = new Map<string, Set<string>>()
  private readonly inFlight = new Map<string, InFlight>()
  private readonly settling = new Set<NodeJS.Timeout>()
  readonly stats = { hits: 0, misses: 0, stores: 0, invalidations: 0 }

  /** `settleMs`: how long a page must stay before it is compressed again at the better settings (-1: never). */
  constructor(
    maxBytes: number,
    private readonly settleMs = SETTLE_MS,
  ) {
    this.entries = new LRUCache<string, CacheEntry>({
      maxSize: maxBytes,
      sizeCalculation: (e) => e.identity.length + e.gzip.length + e.br.length + 512,
      dispose: (entry, key) => this.untag(key, entry.tags),
    })
  }

  get(key: string): CacheEntry | undefined {
    const entry = this.entries.get(key)
    if (entry) this.stats.hits++
    return entry
  }

  /**
   * The page from one shared render. `store` decides whether a successful render may be kept (e.g. the thread
   * still exists); it is kept only when no invalidation of its tags happened meanwhile. Readers arriving until the
   * page is stored (not just rendered) share the same flight, so one cold page is rendered once.
   */
  async render(
    key: string,
    tags: string[],
    ttlMs: number,
    render: () => Promise<RenderedPage>,
    store: (page: RenderedPage) => Promise<boolean>,
  ): Promise<{ page: RenderedPage; entry?: CacheEntry; shared: boolean }> {
    let flight = this.inFlight.get(key)
    const shared = Boolean(flight)
    if (!flight) {
      this.stats.misses++
      // The flight is registered before its work starts, so the work can see whether it was disowned.
      const started = { tags, disowned: false } as InFlight
      started.promise = this.renderAndKeep(key, started, ttlMs, render, store)
      flight = started
      this.inFlight.set(key, started)
      void started.promise
        .catch(() => {})
        .finally(() => {
          if (this.inFlight.get(key) === started) this.inFlight.delete(key)
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
    if (page.status !== 200 || flight.disowned) return { page }
    const existing = this.entries.get(key)
    if (existing) return { page, entry: existing }
    if (!(await store(page)) || flight.disowned) return { page }
    const entry = await compress(page, flight.tags, FIRST)
    if (flight.disowned) return { page } // invalidated while compressing
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
      if (this.entries.peek(key) !== entry) return
      const page = { status: 200, headers: entry.headers, body: entry.identity }
      void compress(page, entry.tags, SETTLED, entry.etag).then(
        (settled) => {
          if (this.entries.peek(key) !== entry) return
          // The same tags stay indexed (no dispose), and the entry keeps the time to live it had left.
          this.entries.set(key, settled, { noDisposeOnSet: true, noUpdateTTL: true })
        },
        () => {},
      )
    }, this.settleMs)
    timer.unref()
    this.settling.add(timer)
  }

  /** Stops pending recompressions (the server is closing). */
  close(): void {
    for (const timer of this.settling) clearTimeout(timer)
    this.settling.clear()
  }

  invalidate(tags: string[] | 'all'): void {
    this.stats.invalidations++
    if (tags === 'all') {
      for (const flight of this.inFlight.values()) flight.disowned = true
      this.inFlight.clear()
      this.entries.clear()
      return
    }
    const matches = (tag: string) => tags.some((t) => (t.endsWith(':*') ? tag.startsWith(t.slice(0, -1)) : tag === t))
    for (const [key, flight] of this.inFlight) {
      if (flight.tags.some(matches)) {
        flight.disowned = true
        this.inFlight.delete(key)
      }
    }
    for (const [tag, keys] of [...this.byTag]) {
      if (!matches(tag)) continue
      for (const key of [...keys]) this.entries.delete(key)
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

/** Both encodings at once on libuv's thread pool, off the event loop that serves other requests meanwhile. */
async function compress(
  page: RenderedPage,
  tags: string[],
  settings: Settings,
  // A recompressed page keeps the ETag it was first stored with (it is the same page).
  etag = `"${createHash('sha256').update(page.body).digest('base64url').slice(0, 27)}"`,
): Promise<CacheEntry> {
  const [gzipped, br] = await Promise.all([
    gzipAsync(page.body, { level: settings.gzip }),
    brotliAsync(page.body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: settings.brotli, [zlib.BROTLI_PARAM_SIZE_HINT]: page.body.length },
    }),
  ])
  return { headers: page.headers, identity: page.body, gzip: gzipped, br, etag, tags }
}
