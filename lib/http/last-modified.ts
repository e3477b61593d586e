// JSON answers that pollers revalidate by time (4chan's clients send If-Modified-Since): a Last-Modified header,
// `no-cache` so every use asks again, and 304 when the file has not changed since the client's copy. An
// If-None-Match takes precedence over If-Modified-Since, as HTTP says.
import { json } from './error-response'

export function jsonSince(req: Request, body: unknown, lastModifiedSeconds: number): Response {
  const headers = { 'Cache-Control': 'no-cache', 'Last-Modified': new Date(lastModifiedSeconds * 1000).toUTCString() }
  if (notModifiedSince(req.headers.get('if-modified-since'), req.headers.get('if-none-match'), lastModifiedSeconds))
    return new Response(null, { status: 304, headers })
  return json(body, 200, headers)
}

/** True when the client's copy, dated by If-Modified-Since, is still current. */
export function notModifiedSince(
  ifModifiedSince: string | null | undefined,
  ifNoneMatch: string | null | undefined,
  lastModifiedSeconds: number,
): boolean {
  if (!ifModifiedSince || ifNoneMatch) return false
  const since = Date.parse(ifModifiedSince)
  return Number.isFinite(since) && lastModifiedSeconds <= Math.floor(since / 1000)
}
