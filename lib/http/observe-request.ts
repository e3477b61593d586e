// What the edge records about each answered request, once it is over: the HTTP metrics, and one log line (request
// id, method, route template, path, status, duration; the client address only with LOG_CLIENT_ADDRESS=1).
// Answers the page cache sent from memory (HIT, STALE) are counted but not logged unless LOG_CACHE_HITS=1: they are
// most of a busy site's traffic, and their line was about a fifth of such an answer's CPU (docs/PERFORMANCE.md,
// "Mixed load"); the metrics count them, and a reverse proxy's access log can list them.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { routeTemplate, type RouteTable } from './route-template'
import type { LogSettings } from '../config'
import { logger } from '../log'
import { metrics } from '../metrics/registry'

const PAGE_CACHE_RESULTS = new Set(['HIT', 'STALE', 'MISS', 'SHARED'])
/** Sent from memory, without a render. */
const FROM_MEMORY = new Set(['HIT', 'STALE'])

export interface ObservedRequest {
  requestId: string
  clientIp: string
  routes: RouteTable
  /** The operator's choices: the client address on each line, and lines for answers sent from memory. */
  log: Pick<LogSettings, 'clientAddress' | 'cacheHits'>
}

export function observeRequest(req: IncomingMessage, res: ServerResponse, seen: ObservedRequest): void {
  const started = process.hrtime.bigint()
  const method = req.method ?? 'GET'
  const url = req.url ?? '/'
  const route = routeTemplate(url, seen.routes)
  res.once('close', () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9
    // A response cut off before its end (the client left, a timeout) is counted apart from real statuses.
    const status = res.writableFinished ? String(res.statusCode) : 'aborted'
    const m = metrics()
    m.httpRequests.inc({ method, route, status })
    m.httpDuration.observe({ method, route }, seconds)
    const cache = String(res.getHeader('x-corkboard-cache') ?? '')
    if (PAGE_CACHE_RESULTS.has(cache)) m.pageCache.inc({ result: cache.toLowerCase() })
    // Failures and cut-off answers are always logged.
    if (!seen.log.cacheHits && FROM_MEMORY.has(cache) && res.writableFinished && res.statusCode < 400) return

    const line = {
      requestId: seen.requestId,
      method,
      route,
      // The path without its query string: queries may carry values nobody meant for a log.
      path: url.split('?')[0],
      status: res.writableFinished ? res.statusCode : null,
      aborted: res.writableFinished ? undefined : true,
      durationMs: Math.round(seconds * 10_000) / 10,
      clientAddress: seen.log.clientAddress ? seen.clientIp : undefined,
    }
    if (res.statusCode >= 500) logger().error(line, 'request')
    else logger().info(line, 'request')
  })
}
