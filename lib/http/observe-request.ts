// What the edge records about each answered request, once it is over: one log line (request id, method, route
// template, path, status, duration; the client address only with LOG_CLIENT_ADDRESS=1) and the HTTP metrics.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { routeTemplate, type RouteTable } from './route-template'
import { logger } from '../log'
import { metrics } from '../metrics/registry'

const PAGE_CACHE_RESULTS = new Set(['HIT', 'STALE', 'MISS', 'SHARED'])

export interface ObservedRequest {
  requestId: string
  clientIp: string
  routes: RouteTable
  logClientAddress: boolean
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

    const line = {
      requestId: seen.requestId,
      method,
      route,
      // The path without its query string: queries may carry values nobody meant for a log.
      path: url.split('?')[0],
      status: res.writableFinished ? res.statusCode : null,
      aborted: res.writableFinished ? undefined : true,
      durationMs: Math.round(seconds * 10_000) / 10,
      clientAddress: seen.logClientAddress ? seen.clientIp : undefined,
    }
    if (res.statusCode >= 500) logger().error(line, 'request')
    else logger().info(line, 'request')
  })
}
