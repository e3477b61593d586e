// Compression of the answers Next makes for one request (everything the page cache does not serve: uncached API
// reads, staff pages, pages with PAGE_CACHE_MB=0). Such an answer is compressed once and sent once, so the cheapest
// levels pay: for the read API's 429 KB thread list of 100 threads, brotli 1 takes ≈ 0.9 ms (74 KB) and gzip 1
// ≈ 1.9 ms (78 KB), where Next's own gzip at level 6 took ≈ 5 ms one-shot and ≈ 10 ms streamed (66 KB). Next's
// compression is off (next.config.mjs) so nothing is compressed twice; stored pages keep their own, stronger
// compression (lib/page-cache/store.ts), made once for many readers.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { constants } from 'node:zlib'
import compression from 'compression'

const middleware = compression({
  level: 1,
  brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
})

const NO_NEXT = () => {}

/**
 * Makes `res` compress what is written to it, by the request's Accept-Encoding (brotli before gzip), when the
 * answer's type is compressible; an answer that sets its own Content-Encoding is left alone. Next states no
 * Content-Length (it drops a route's own), so small answers are compressed too, as Next's gzip did: ≈ 0.1 ms each.
 */
export function compressAnswer(req: IncomingMessage, res: ServerResponse): void {
  // The middleware wraps res.write and res.end synchronously, then calls its `next`.
  middleware(req as never, res as never, NO_NEXT)
}
