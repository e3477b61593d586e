// Compression of an answer whose bytes the handler already holds (known-body.ts), for server.ts's direct routes.
// One made mostly of parts kept between answers goes as gzip put together from their kept compressed forms
// (gzip-parts.ts). Any other gets the choice compress-answers.ts makes for what Next answers (which answers, brotli
// before gzip, brotli 1 and gzip 1, nothing below 1 KB, for HEAD or under `Cache-Control: no-transform`), but made
// in one pass over the whole body: the streaming middleware hands zlib's output back to the loop 16 KB at a time and
// sends each piece as a chunk of its own, which cost ≈ 2.7 ms for the 439 KB thread list of 100 threads where one
// pass costs ≈ 1 ms.
//
// The pass runs on the event loop, not on zlib's thread pool: handing the same work to the pool cost half as much
// again (≈ 1.5 ms), and these answers are the uncached path only (with the page cache on, the cache compresses what
// it stores itself, off any request's path, and serves that).
import type { IncomingMessage } from 'node:http'
import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib'
import Negotiator from 'negotiator'
import { worthCompressing } from './compress-answers'
import { gzipOfParts, mostlyKept } from './gzip-parts'
import { byteLength } from './known-body'

/** Below this many bytes an answer is sent as it is, as the middleware does: compressing it would gain nothing. */
const THRESHOLD = 1024
const AVAILABLE = ['br', 'gzip', 'deflate', 'identity']
/** Among the encodings a visitor accepts equally, brotli first (browsers list gzip first). */
const PREFERRED = ['br', 'gzip']

export interface EncodedBody {
  parts: readonly Buffer[]
  /** The Content-Encoding, or undefined when the bytes go as they are. */
  encoding?: 'br' | 'gzip' | 'deflate'
  /** Whether the answer depends on Accept-Encoding (then `Vary: Accept-Encoding`). */
  varies: boolean
}

/** The body to send for `req`: `parts` as they are, or compressed in one pass by the visitor's Accept-Encoding. */
export function encodeKnownBody(
  req: IncomingMessage,
  status: number,
  headers: Record<string, string | string[]>,
  parts: readonly Buffer[],
): EncodedBody {
  const type = headers['content-type']
  if (!worthCompressing(req.method, status, typeof type === 'string' ? type : undefined))
    return { parts, varies: false }
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(headers['cache-control'] ?? ''))) return { parts, varies: false }
  const size = byteLength(parts)
  if (size < THRESHOLD || req.method === 'HEAD' || !req.headers['accept-encoding']) return { parts, varies: true }
  // An answer made mostly of kept parts goes as gzip put together from their kept compressed forms (gzip-parts.ts):
  // a checksum's cost, not a compression's, where brotli 1, hardly smaller, would cost ≈ 1 ms each time.
  if (mostlyKept(parts, size) && acceptsGzip(req))
    return { parts: gzipOfParts(parts, size), encoding: 'gzip', varies: true }
  const encoding = chosenEncoding(req)
  if (encoding === undefined || encoding === 'identity') return { parts, varies: true }
  const input = joined(parts, size)
  // Output pieces under glibc's 128 KB mmap threshold (every launcher fixes it there) stay on the heap.
  const chunkSize = Math.min(120 * 1024, Math.max(16 * 1024, size >> 2))
  const compressed =
    encoding === 'br'
      ? brotliCompressSync(input, {
          chunkSize,
          params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: size },
        })
      : (encoding === 'gzip' ? gzipSync : deflateSync)(input, { level: 1, chunkSize })
  return { parts: [compressed], encoding, varies: true }
}

type Encoding = EncodedBody['encoding'] | 'identity'

function chosenEncoding(req: IncomingMessage, available = AVAILABLE): Encoding | undefined {
  // negotiator 1 takes the server's preference among equals; its type definitions predate that argument.
  const negotiator = new Negotiator(req) as unknown as {
    encoding(available: string[], options: { preferred: string[] }): string | undefined
  }
  return negotiator.encoding(available, { preferred: PREFERRED }) as Encoding | undefined
}

/** Whether the visitor takes gzip at least as gladly as the bytes as they are. */
const acceptsGzip = (req: IncomingMessage) => chosenEncoding(req, GZIP_OR_NOT) === 'gzip'
const GZIP_OR_NOT = ['gzip', 'identity']

/**
 * The parts as one buffer for zlib's one-pass call. A single part is used as it is; several are copied into a buffer
 * kept for the next answer, since a fresh one of this size is a new mapping whose every page faults on the first
 * write (≈ 0.25 ms for 439 KB). The compression is synchronous, so no two answers share it at once.
 */
function joined(parts: readonly Buffer[], size: number): Buffer {
  if (parts.length === 1) return parts[0]
  if (size > SCRATCH_LIMIT) return Buffer.concat(parts, size)
  if (scratch.length < size)
    scratch = Buffer.allocUnsafeSlow(Math.min(SCRATCH_LIMIT, Math.max(size, scratch.length * 2)))
  let at = 0
  for (const part of parts) at += part.copy(scratch, at)
  return scratch.subarray(0, size)
}

/** Larger bodies (none of the read API's lists at their bounds) are joined afresh rather than kept. */
const SCRATCH_LIMIT = 4 * 1024 * 1024
let scratch = Buffer.alloc(0)
