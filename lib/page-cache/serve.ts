// Serving public pages from the cache (server.ts calls this before Next). A page is served from memory when it
// is a plain GET/HEAD of a cached route without query string or client-navigation headers, and the visitor is not
// possibly banned on that board (lib/bans/ban-index.ts); otherwise Next renders it as before. Pages are the same
// for every visitor: staff controls and visitor-local state are drawn by client code. The public read API is
// served the same way, after the visitor's API rate limit, and marked for no shared cache: a
// reader catching up after joining its room must not get a CDN's copy from a few seconds before.
// Served stale: after a post, a thread or a vote, a board page, catalog or thread page already cached may still be
// sent for up to `staleMs` while one render of the new state runs in the background, at most one every `staleMs / 2`
// per page, so a page read and posted to at once is not rendered once per post. Never to a visitor who has just
// written (they see their own post), never after anything that removes or changes what a page shows, and never
// for the API, which readers with scripts use to catch up on what a stale page missed.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { RecentWriters } from './recent-writers'
import type { CachedRoute } from './route-parts'
import { cachedRoute, onlyAdds, tagsFor } from './routes'
import { PageStore, type CacheEntry, type RenderedPage } from './store'
import { mayBeBanned } from '../bans/ban-index'
import { boardOrThreadExists } from '../boards/queries'
import { dbFaultCount } from '../db/fault-state'
import { subscribe } from '../events/bus'
import type { BusEvent } from '../events/internal'
import { isFlightRequest } from '../http/flight-request'
import { notModifiedSince } from '../http/last-modified'
import { REQUEST_ID_HEADER } from '../http/request-id'
import { log } from '../log'
import { metrics } from '../metrics/registry'
import { threadsLinkingTo } from '../posts/cross-thread-links'
import { consume } from '../rate-limit/limits'

export interface PageCacheOptions {
  maxBytes: number
  /** How long a shared cache (CDN) may keep a page: short, as writes must show on the next request. */
  cdnSeconds: number
  /** How long a page may be sent stale after an event that only adds to it (0: never). */
  staleMs: number
  render: (path: string, hostHeader: string, requestId: string) => Promise<RenderedPage>
  /**
   * Puts a new version of a page together from its previous render's shell (splice.ts), or answers
   * undefined when it needs a full render.
   */
  splice?: (route: CachedRoute, previous: Pick<CacheEntry, 'headers' | 'shell'>) => Promise<RenderedPage | undefined>
}

export interface PageCache {
  /** Answers the request from the cache; false when Next should handle it. */
  serve(req: IncomingMessage, res: ServerResponse, clientIp: string): Promise<boolean>
  /** Notes a request that may write (any but GET, HEAD or OPTIONS): its visitor gets no stale page for a while. */
  noteWriter(req: IncomingMessage, res: ServerResponse, clientIp: string): void
  readonly store: PageStore
  close(): void
}

/**
 * A deleted post or thread also changes the pages of other threads that link to it (their links now go to
 * /post/{id}); the threads whose renders noted such links (lib/posts/cross-thread-links.ts).
 */
function linkingPages(event: BusEvent): string[] | 'all' {
  if (event.name !== 'post_deleted' && event.name !== 'thread_deleted') return []
  const postId = event.name === 'post_deleted' ? event.payload.postId : undefined
  const threads = threadsLinkingTo({ postId, threadId: event.payload.threadId })
  return threads === 'all' ? ['thread:*'] : threads.map((id) => `thread:${id}`)
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const store = new PageStore(options.maxBytes)
  const writers = new RecentWriters(options.staleMs)
  const unsubscribe = subscribe('state', (event) => {
    const tags = tagsFor(event)
    // Soft even with PAGE_STALE_MS=0: a stale entry is then never sent, but its shell still serves the next render.
    if (tags === 'all' || tags.length) store.invalidate(tags, onlyAdds(event))
    const linking = linkingPages(event)
    if (linking === 'all' || linking.length) store.invalidate(linking)
  })
  const pageCacheControl = `public, max-age=0, s-maxage=${options.cdnSeconds}, must-revalidate`
  const apiCacheControl = 'no-cache'
  // A stale page must not be kept by a CDN on top of its own staleness.
  const staleCacheControl = 'no-cache'
  const sendsStale = (entry: CacheEntry, clientIp: string) =>
    entry.staleSince !== undefined && Date.now() - entry.staleSince < options.staleMs && !writers.has(clientIp)
  /** A new version of the page: from the previous render's shell where it can be, or rendered by Next. */
  const renderPage = async (route: CachedRoute, key: string, url: string, host: string, requestId: string) => {
    const previous = options.splice ? store.previous(key) : undefined
    if (previous?.shell) {
      // A read that fails here fails the full render too, which answers it as pages do (the 503 page, say).
      const page = await options.splice!(route, previous).catch(() => undefined)
      if (page) {
        metrics().pageRenders.inc({ how: 'spliced' })
        return page
      }
    }
    metrics().pageRenders.inc({ how: 'full' })
    return options.render(url, host, requestId)
  }
  /** The page of `key` from one shared render (store.ts); `url` and `host` make the request it is rendered for. */
  const render = (req: IncomingMessage, route: CachedRoute, key: string, url: string, host: string) => {
    // A page rendered while the database failed (e.g. statistics showing their failure note) is not kept.
    const faults = dbFaultCount()
    const keep = async () => dbFaultCount() === faults && (await stillExists(route).catch(() => false))
    return store.render(
      key,
      route.tags,
      route.ttlMs,
      () => renderPage(route, key, url, host, String(req.headers[REQUEST_ID_HEADER])),
      keep,
      route.staleOk,
    )
  }

  return {
    store,
    close() {
      unsubscribe()
      store.close()
    },
    noteWriter(req, res, clientIp) {
      if (options.staleMs <= 0 || req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return
      // Again once answered: the write's events come at its commit, after the request began.
      writers.note(clientIp)
      res.once('finish', () => writers.note(clientIp))
    },
    async serve(req, res, clientIp) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false
      const url = req.url ?? '/'
      // Client-side navigations and prefetches ask for the RSC payload on the same URL.
      if (isFlightRequest(req.headers)) return false
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
      if (entry?.staleSince !== undefined) {
        if (sendsStale(entry, clientIp)) {
          cache = 'STALE'
          if (Date.now() - entry.renderedAt >= options.staleMs / 2 && !store.rendering(key))
            void render(req, route, key, url, host).catch((err) =>
              log.error('page cache: background render failed', err),
            )
        } else entry = undefined
      }
      if (!entry) {
        const { page, entry: stored, shared } = await render(req, route, key, url, host)
        // MISS: this request rendered the page; SHARED: it waited for another request's render.
        cache = shared ? 'SHARED' : 'MISS'
        if (!stored) {
          sendRendered(req, res, page, cache)
          return true
        }
        entry = stored
      }
      const cacheControl = route.api ? apiCacheControl : cache === 'STALE' ? staleCacheControl : pageCacheControl
      const encoding = encodingFor(req)
      if (encoding === 'gzip') entry = await store.gzipped(key, entry)
      sendEntry(req, res, entry, encoding, cacheControl, cache)
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
  encoding: Encoding,
  cacheControl: string,
  cache: string,
): void {
  let headers = headersOf(entry, encoding, cacheControl, cache)
  // A Vary set on this response before the cache answered (server.ts sets `Vary: Origin` with the CORS headers of
  // an allow-listed origin) joins the entry's: writeHead would replace it otherwise.
  const before = res.getHeader('vary')
  if (typeof before === 'string') headers = { ...headers, vary: `${before}, ${headers.vary}` }
  // Files with a Last-Modified (the 4chan API) also revalidate by date, as their clients poll.
  const lastModified = entry.headers['last-modified']
  if (
    matchesEtag(req.headers['if-none-match'], entry.etag) ||
    (lastModified &&
      notModifiedSince(req.headers['if-modified-since'], req.headers['if-none-match'], Date.parse(lastModified) / 1000))
  ) {
    const { 'content-encoding': _encoding, 'content-length': _length, ...notModified } = headers
    res.writeHead(304, notModified)
    return void res.end()
  }
  res.writeHead(200, headers)
  res.end(req.method === 'HEAD' ? undefined : entry[encoding]!)
}

type Encoding = 'br' | 'gzip' | 'identity'
const BR = /\bbr\b/
const GZIP = /\bgzip\b/

function encodingFor(req: IncomingMessage): Encoding {
  const accepted = req.headers['accept-encoding'] ?? ''
  return BR.test(accepted) ? 'br' : GZIP.test(accepted) ? 'gzip' : 'identity'
}

// The answer headers of an entry, per encoding and cache result, built on its first hit and reused by every later
// one (assembling them per request was a visible share of a hit's CPU). They go away with the entry.
const answerHeaders = new WeakMap<CacheEntry, Map<string, Record<string, string | number>>>()

function headersOf(
  entry: CacheEntry,
  encoding: Encoding,
  cacheControl: string,
  cache: string,
): Record<string, string | number> {
  let byVariant = answerHeaders.get(entry)
  if (!byVariant) answerHeaders.set(entry, (byVariant = new Map()))
  const variant = `${encoding} ${cache} ${cacheControl}`
  let headers = byVariant.get(variant)
  if (!headers) {
    headers = {
      ...entry.headers,
      'cache-control': cacheControl,
      etag: encoding === 'identity' ? entry.etag : `${entry.etag.slice(0, -1)}-${encoding}"`,
      vary: entry.headers.vary ? `${entry.headers.vary}, Accept-Encoding` : 'Accept-Encoding',
      'x-corkboard-cache': cache,
    }
    if (encoding !== 'identity') headers['content-encoding'] = encoding
    // Callers make the gzip copy first (PageStore.gzipped).
    headers['content-length'] = entry[encoding]!.length
    byVariant.set(variant, headers)
  }
  return headers
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
