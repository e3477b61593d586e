// GET /metrics in Prometheus's text format. Never public by accident: without METRICS_TOKEN the path does not
// exist (server.ts leaves it to Next's 404), and with one it answers only a request bearing that token; any
// other gets 401. The token is compared in constant time (both sides hashed first, so lengths do not leak).
import { createHash, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { metrics } from './registry'

export const METRICS_PATH = '/metrics'

const digest = (s: string) => createHash('sha256').update(s).digest()

export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')
  return timingSafeEqual(digest(m?.[1] ?? ''), digest(token)) && m !== null
}

export async function serveMetrics(req: IncomingMessage, res: ServerResponse, token: string): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD', 'Cache-Control': 'no-store' })
    return void res.end()
  }
  if (!bearerMatches(req.headers.authorization, token)) {
    res.writeHead(401, {
      'WWW-Authenticate': 'Bearer realm="metrics"',
      'Content-Type': 'application/json',
      'Cache-Control': 'no-store',
    })
    return void res.end(JSON.stringify({ error: 'Unauthorized' }))
  }
  const { registry } = metrics()
  const body = await registry.metrics()
  res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' })
  res.end(req.method === 'HEAD' ? undefined : body)
}
