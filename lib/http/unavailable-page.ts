// Pages while the database is away: a short 503 page with Retry-After, at once, instead of a render that waits for
// the database and fails (cached pages are still served from memory before this is asked). API routes need no
// gate: their errors map to the API's 503 body in lib/http/error-response.ts.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { isPagePath } from './request-target'
import { pingDb } from '../db/client'
import { databaseDown } from '../db/fault-state'

export const RETRY_AFTER_SECONDS = 5

const PAGE = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Service unavailable - Corkboard</title><meta name="robots" content="noindex"></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1e293b">
<h1 style="font-size:1.25rem">Service unavailable</h1>
<p>Corkboard cannot reach its database right now. Please try again in a moment.</p>
<p><a href="/">Go back to Home</a></p>
</body></html>
`

/** Paths of pages (not the API, Next's assets or public files). */
function isPage(url: string): boolean {
  const path = url.split('?')[0]
  return isPagePath(path) && !path.slice(path.lastIndexOf('/') + 1).includes('.')
}

/**
 * Answers a page request with the 503 page when the database is known to be down (true: answered). Otherwise
 * lets Next render it, turning a 500 into a 503 should the database go away during the render.
 */
export function answerWhileDatabaseDown(req: IncomingMessage, res: ServerResponse): boolean {
  if (!isPage(req.url ?? '/')) return false
  if (databaseDown(pingDb)) {
    const body = Buffer.from(PAGE)
    res.writeHead(503, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': body.length,
      'retry-after': String(RETRY_AFTER_SECONDS),
      'cache-control': 'no-store',
    })
    res.end(req.method === 'HEAD' ? undefined : body)
    return true
  }
  const writeHead = res.writeHead
  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    if (status === 500 && databaseDown(pingDb)) {
      status = 503
      this.setHeader('retry-after', String(RETRY_AFTER_SECONDS))
    }
    return (writeHead as (...a: unknown[]) => ServerResponse).call(this, status, ...rest)
  } as typeof res.writeHead
  return false
}
