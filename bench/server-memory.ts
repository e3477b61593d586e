// The server's own account of its memory, read from its metrics endpoint (the bench server runs with a metrics
// token): V8 heap used and reserved, memory outside the heap (Buffers, zlib), and the page cache's bytes. Beside the
// RSS read from /proc, this tells how much of the resident memory is live JavaScript and how much is headroom; the
// post fragments' bytes (on the heap) tell how much of the heap is that bounded cache filling up.
import { setTimeout as delay } from 'node:timers/promises'
import { rawRequest } from './http'

export interface ServerMemory {
  heapUsedMb: number
  heapTotalMb: number
  externalMb: number
  pageCacheMb: number
  pageCacheEntries: number
  /** The HTML fragments of posts (FRAGMENT_CACHE_MB), on the V8 heap. */
  fragmentCacheMb: number
}

/** The metric families read; each is a single unlabelled series. */
const SERIES = {
  heapUsedMb: 'nodejs_heap_size_used_bytes',
  heapTotalMb: 'nodejs_heap_size_total_bytes',
  externalMb: 'nodejs_external_memory_bytes',
  pageCacheMb: 'corkboard_page_cache_bytes',
  pageCacheEntries: 'corkboard_page_cache_entries',
  fragmentCacheMb: 'corkboard_html_fragment_cache_bytes',
} as const

export function parseServerMemory(text: string): ServerMemory {
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN)
  const mb = (name: string) => value(name) / (1024 * 1024)
  return {
    heapUsedMb: mb(SERIES.heapUsedMb),
    heapTotalMb: mb(SERIES.heapTotalMb),
    externalMb: mb(SERIES.externalMb),
    pageCacheMb: mb(SERIES.pageCacheMb),
    pageCacheEntries: value(SERIES.pageCacheEntries),
    fragmentCacheMb: mb(SERIES.fragmentCacheMb),
  }
}

/** A reading that takes longer is given up: a soak's minute must not wait for a saturated server. */
const READ_TIMEOUT_MS = 5_000

/** Null when the endpoint does not answer (no token configured, server busy past the timeout). */
export async function readServerMemory(url: string, token: string | undefined): Promise<ServerMemory | null> {
  if (!token) return null
  const read = rawRequest(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } }).then(
    (res) => (res.status === 200 ? parseServerMemory(res.body.toString()) : null),
    () => null,
  )
  const late = delay(READ_TIMEOUT_MS, null, { ref: false })
  return Promise.race([read, late])
}

/** The bench server's metrics token (bench/run.ts starts it with this one). */
export const BENCH_METRICS_TOKEN = 'bench-metrics-token-not-a-secret'
