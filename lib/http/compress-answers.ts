// Compression of the answers Next makes (everything the page cache does not serve: uncached API reads, staff pages,
// pages with PAGE_CACHE_MB=0, Next's static files). An answer made for one request is compressed once and sent once,
// so the cheapest levels pay: for the read API's 429 KB thread list of 100 threads, brotli 1 takes ≈ 0.9 ms (74 KB)
// and gzip 1 ≈ 1.9 ms (78 KB), where Next's own gzip at level 6 took ≈ 5 ms one-shot and ≈ 10 ms streamed (66 KB).
// Next's static files (`/_next/static/`, the same bytes for every first visit) keep the middleware's default levels
// (brotli 4, gzip 6), no larger than what Next sent before. Next's compression is off (next.config.mjs) so nothing
// is compressed twice; stored pages keep their own, stronger compression (lib/page-cache/store.ts), made once for
// many readers. The direct routes' answers whose bytes are known (that list among them) make the same choice in one
// pass instead of through this streaming middleware (compress-known-body.ts).
import type { IncomingMessage, ServerResponse } from 'node:http'
import { constants } from 'node:zlib'
import compressible from 'compressible'
import compression from 'compression'

const STATIC_FILES = '/_next/static/'

/**
 * Next states no Content-Length (it drops a route's own), so the size of an answer is not known when compression
 * must be decided, and a compressor costs ≈ 0.1 ms to set up even for a few bytes. What is known to be small is sent
 * as it is: JSON answers to writes (a reply's `{"postId":…}`, a vote, a staff action) and JSON errors. Pages are
 * compressed whatever the method (a form posted without JavaScript is answered with the whole page), and so are reads
 * of a compressible type; a part of a file (206) never is, since its range counts bytes of the file as stored.
 */
export function worthCompressing(method: string | undefined, status: number, type: string | undefined): boolean {
  if (type === undefined || compressible(type) !== true || status === 206) return false
  const json = type.startsWith('application/json')
  if (json && method !== 'GET' && method !== 'HEAD') return false
  return !(json && status >= 400)
}

const filter = (req: IncomingMessage, res: ServerResponse) => {
  const type = res.getHeader('content-type')
  return worthCompressing(req.method, res.statusCode, typeof type === 'string' ? type : undefined)
}

const perRequest = compression({ level: 1, brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } }, filter })
const staticFiles = compression({ filter })

const NO_NEXT = () => {}

/**
 * Makes `res` compress what is written to it, by the request's Accept-Encoding (brotli before gzip), when
 * worthCompressing says so; an answer that sets its own Content-Encoding is left alone.
 */
export function compressAnswer(req: IncomingMessage, res: ServerResponse): void {
  const middleware = req.url?.startsWith(STATIC_FILES) ? staticFiles : perRequest
  // The middleware wraps res.write and res.end synchronously, then calls its `next`.
  middleware(req as never, res as never, NO_NEXT)
}
