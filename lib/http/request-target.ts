// The request line's target must be a path ("origin-form": `/…`) whose percent-escapes decode, with a bounded
// query. The other forms (`*`, `http://host/…`, `host:port`) are for proxies and whole-server OPTIONS, which
// Corkboard is not, and Next's router answers them, escapes such as `%ff` and unknown methods with a 500; so
// server.ts checks every request line before anything else.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { ValidationError } from '../errors'
import { errorResponse, json } from './error-response'

export type TargetProblem = 'form' | 'encoding' | 'query'

/**
 * No route reads more than a handful of query parameters, and Next's parsing of many repeated ones costs time
 * quadratic in their number (3,000 of them in a 12 KB request: half a second of CPU).
 */
const MAX_QUERY_PARAMETERS = 100

/** Where a page request with a malformed path is sent: Next's own not-found page (status 404). */
export const NOT_FOUND_PAGE = '/_not-found'

export function targetProblem(target: string): TargetProblem | null {
  if (!target.startsWith('/')) return 'form'
  const end = target.search(/[?#]/)
  if (end >= 0 && target.slice(end).split('&').length > MAX_QUERY_PARAMETERS) return 'query'
  try {
    decodeURIComponent(end < 0 ? target : target.slice(0, end))
  } catch {
    return 'encoding'
  }
  return null
}

export function isApiPath(target: string): boolean {
  return target === '/api' || /^\/api[/?#]/.test(target)
}

/** A path Next renders as a page: neither the API nor Next's own assets. */
export function isPagePath(path: string): boolean {
  return !path.startsWith('/api/') && !path.startsWith('/_next/')
}

/** The methods Corkboard answers; others (TRACE, PROPFIND, …) reach no handler, and Next answers them with a 500. */
const METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'])

export function isKnownMethod(method: string | undefined): boolean {
  return METHODS.has(method ?? '')
}

export async function refuseMethod(res: ServerResponse): Promise<void> {
  await sendAndClose(res, json({ error: 'Method not allowed' }, 405, { Allow: [...METHODS].join(', ') }))
}

const MESSAGES: Record<TargetProblem, string> = {
  form: 'The request target must be a path',
  encoding: 'Malformed percent-encoding in the path',
  query: `At most ${MAX_QUERY_PARAMETERS} query parameters are accepted`,
}

/** Answers a request whose target is not a decodable path with a 400 in the API's error body. */
export async function refuseTarget(res: ServerResponse, problem: TargetProblem): Promise<void> {
  await sendAndClose(res, errorResponse(ValidationError.field('url', MESSAGES[problem])))
}

/** Writes a whole answer made before Next sees the request, and closes the connection. */
export async function sendAndClose(res: ServerResponse, response: Response): Promise<void> {
  res.writeHead(response.status, { ...Object.fromEntries(response.headers), Connection: 'close' })
  res.end(Buffer.from(await response.arrayBuffer()))
}

/** CONNECT asks for a tunnel, which Corkboard never opens: 400 and close, rather than a silently dropped socket. */
export function refuseConnect(_req: IncomingMessage, socket: Duplex): void {
  socket.on('error', () => {})
  socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
}
