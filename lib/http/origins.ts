// Which browser origins may write to the API and open sockets: the site's own origin and,
// for deployments that serve the client elsewhere, an explicit allow-list (CORS_ORIGINS) answered with CORS.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { getConfig } from '../config'

/** The site's origin: PUBLIC_ORIGIN, or the origin the request was addressed to. */
export function siteOriginOf(host: string | null | undefined, encrypted: boolean): string {
  return getConfig().publicOrigin ?? `${encrypted ? 'https' : 'http'}://${host ?? ''}`
}

export function isAllowedOrigin(origin: string, siteOrigin: string): boolean {
  return origin === siteOrigin || getConfig().corsOrigins.includes(origin)
}

const ALLOWED_HEADERS = 'Content-Type, X-CSRF-Token'
const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE'

/**
 * CORS for allow-listed origins on /api (server.ts). Adds the response headers, and answers a preflight itself;
 * returns true when the request is fully handled. Origins not on the list get no CORS headers, so browsers block them.
 */
export function applyCors(req: IncomingMessage, res: ServerResponse): boolean {
  if (isOpenRead(req.url ?? '')) return openReadCors(req, res)
  const origin = req.headers.origin
  const { corsOrigins } = getConfig()
  if (!origin || !corsOrigins.includes(origin)) return false
  res.setHeader('Access-Control-Allow-Origin', origin)
  res.setHeader('Access-Control-Allow-Credentials', 'true')
  res.setHeader('Vary', 'Origin')
  if (req.method !== 'OPTIONS' || !req.headers['access-control-request-method']) return false
  res.writeHead(204, {
    'Access-Control-Allow-Methods': ALLOWED_METHODS,
    'Access-Control-Allow-Headers': ALLOWED_HEADERS,
    'Access-Control-Max-Age': '600',
    'Cache-Control': 'no-store',
  })
  res.end()
  return true
}

/** The 4chan-compatible read API (lib/fourchan) and the OpenAPI document: public files any origin may read. */
const OPEN_READ_PREFIX = '/api/4chan/'
const OPEN_READ_PATHS = new Set(['/api/openapi.json'])

function isOpenRead(url: string): boolean {
  return url.startsWith(OPEN_READ_PREFIX) || OPEN_READ_PATHS.has(url.split('?')[0])
}

/**
 * The 4chan-compatible files (and the OpenAPI document) are public and read-only: any origin may read them, without cookies. A preflight (a
 * client sending If-Modified-Since itself) is answered here.
 */
function openReadCors(req: IncomingMessage, res: ServerResponse): boolean {
  res.setHeader('Access-Control-Allow-Origin', '*')
  if (req.method !== 'OPTIONS' || !req.headers['access-control-request-method']) return false
  res.writeHead(204, {
    'Access-Control-Allow-Methods': 'GET, HEAD',
    'Access-Control-Allow-Headers': 'If-Modified-Since, If-None-Match',
    'Access-Control-Max-Age': '86400',
    'Cache-Control': 'no-store',
  })
  res.end()
  return true
}
