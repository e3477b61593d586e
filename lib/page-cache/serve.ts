// Serving public pages from the cache (server.ts calls this before Next). A page is served from memory when it
// is a plain GET/HEAD of a cached route without query string or client-navigation headers, and the visitor is not
// possibly banned on that board (lib/bans/ban-index.ts); otherwise Next renders it as before. Pages are the same
// for every visitor: staff controls and visitor-local state are drawn by client code. The public read API is
// served the same way, after the visitor's API rate limit, and marked for no shared cache: a
// reader catching up after joining its room must not get a CDN's copy from a few seconds before.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { cachedRoute, tagsFor, type CachedRoute } from './routes'
import { PageStore, type CacheEntry, type RenderedPage } from './store'
import { mayBeBanned } from '../bans/ban-index'
import { boardOrThreadExists } from '../boards/queries'
import { dbFaultCount } from '../db/fault-state'
import { subscribe } from '../events/bus'
import { notModifiedSince } from '../http/last-modified'
import { consume } from '../rate-limit/limits'

export interface PageCacheOptions {
  maxBytes: number
  /** How long a shared cache (CDN) may keep a page: short, as writes must show on the next request. */
  cdnSeconds: number
  render: (path: string, hostHeader: string) => Promise<RenderedPage>
}

export interface PageCache {
  /** Answers the request from the cache; false when Next should handle it. */
  serve(req: IncomingMessage, res: ServerResponse, clientIp: string): Promise<boolean>
  readonly store: PageStore
  close(): void
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const store = new PageStore(options.maxBytes)
  const unsubscribe = subscribe('state', (event) => {
    const tags = tagsFor(event)
    if (tags === 'all' || tags.length) store.invalidate(tags)
  })
  const pageCacheControl = `public, max-age=0, s-maxage=${options.cdnSeconds}, must-revalidate`
  const apiCacheControl = 'no-cache'

  return {
    store,
    close: unsubscribe,
    async serve(req, res, clientIp) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false
      const url = req.url ?? '/'
      // Client-side navigations and prefetches ask for the RSC payload on the same URL.
      if (req.headers.rsc || req.headers['next-router-prefetch'] || req.headers['next-router-state-tree']) return false
      const queryAt = url.indexOf('?')
      const route = queryAt < 0 ? cachedRoute(url) : cachedRoute(url.slice(0, queryAt), url.slice(queryAt))
      if (!route) return false
      // Over the limit: Next's handler answers with the API's 429.
      if (
        route.api &&
        !(await consume(clientIp, 'api').then(
          () => true,
          () => false,
        ))
      )
        return false
      if (route.boardId && (await mayBeBanned(route.boardId, clientIp))) return false

      // The Host header is part of the key, so a forged one can only ever poison its own entries.
      const host = req.headers.host ?? ''
      const key = `${host}${url}`
      let entry = store.get(key)
      let cache = 'HIT'
      if (!entry) {
        // A page rendered while the database failed (e.g. statistics showing their failure note) is not kept.
        const faults = dbFaultCount()
        const keep = async () => dbFaultCount() === faults && (await stillExists(route).catch(() => false))
        const {
          page,
          entry: stored,
          shared,
        } = await store.render(key, route.tags, route.ttlMs, () => options.render(url, host), keep)
        // MISS: this request rendered the page; SHARED: it waited for another request's render.
        cache = shared ? 'SHARED' : 'MISS'
        if (!stored) {
          sendRendered(req, res, page, cache)
          return true
        }
        entry = stored
      }
      sendEntry(req, res, entry, route.api ? apiCacheControl : pageCacheControl, cache)
      return true
    },
  }
}

/**
 * Only pages of boards and threads that exist are kept (a missing one renders a not-found card with 200). Asked
 * only after a render: a HIT never touches the database.
 */
async function stillExists(route: CachedRoute): Promise<boolean> {
  return !route.boardId || boardOrThreadExists({ boardId: route.boardId, threadId: route.threadId })
}

function sendEntry(
  req: IncomingMessage,
  res: ServerResponse,
  entry: CacheEntry,
  cacheControl: string,
  cache: string,
): void {
  const accepted = String(req.headers['accept-encoding'] ?? '')
  const [encoding, body] = /\bbr\b/.test(accepted)
    ? (['br', entry.br] as const)
    : /\bgzip\b/.test(accepted)
      ? (['gzip', entry.gzip] as const)
      : ([null, entry.identity] as const)
  const etag = encoding ? `${entry.etag.slice(0, -1)}-${encoding}"` : entry.etag
  const headers: Record<string, string | number> = {
    ...entry.headers,
    'cache-control': cacheControl,
    etag,
    vary: varyOf(res, entry),
    'x-corkboard-cache': cache,
  }
  // Files with a Last-Modified (the 4chan API) also revalidate by date, as their clients poll.
  const lastModified = entry.headers['last-modified']
  if (
    matchesEtag(req.headers['if-none-match'], entry.etag) ||
    (lastModified &&
      notModifiedSince(req.headers['if-modified-since'], req.headers['if-none-match'], Date.parse(lastModified) / 1000))
  ) {
    res.writeHead(304, headers)
    return void res.end()
  }
  if (encoding) headers['content-encoding'] = encoding
  headers['content-length'] = body.length
  res.writeHead(200, headers)
  res.end(req.method === 'HEAD' ? undefined : body)
}

/**
 * The entry's Vary plus Accept-Encoding, after any Vary set on this response before the cache answered (server.ts
 * sets `Vary: Origin` with the CORS headers of an allow-listed origin): writeHead would replace it otherwise.
 */
function varyOf(res: ServerResponse, entry: CacheEntry): string {
  const before = res.getHeader('vary')
  return [typeof before === 'string' ? before : undefined, entry.headers.vary, 'Accept-Encoding']
    .filter(Boolean)
    .join(', ')
}

/** Any of the entry's variants (identity, -br, -gzip) matches: they carry the same page. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  const base = etag.slice(1, -1)
  return header.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '').replace(/^"|"$/g, '')
    return tag === '*' || tag === base || tag === `${base}-br` || tag === `${base}-gzip`
  })
}

/** A render that is not kept (not found, an error page, a disowned render) goes out as Next made it, uncached. */
function sendRendered(req: IncomingMessage, res: ServerResponse, page: RenderedPage, cache: string): void {
  res.writeHead(page.status, {
    ...page.headers,
    'cache-control': 'private, no-cache, no-store, max-age=0, must-revalidate',
    'content-length': page.body.length,
    'x-corkboard-cache': cache,
  })
  res.end(req.method === 'HEAD' ? undefined : page.body)
}
