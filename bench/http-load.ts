// Closed-loop HTTP load with autocannon: a fixed number of connections, each sending its next request as soon as
// the previous answer arrives, for a fixed time. Latencies are kept per response (autocannon's own histogram
// rounds to whole milliseconds, too coarse for a cached page).
import { createRequire } from 'node:module'
import autocannon from 'autocannon'
import { distribution } from './stats'

// autocannon appends every response body to a string (`req.body += chunk`), only for an onResponse hook we do not
// use. Decoding a 110 KB brotli page as UTF-8 costs ~15 ms of the load generator's CPU, which made the generator,
// not the server, the bottleneck for every large page. Bytes are still counted (addByteCount); bodies are dropped.
const PipelinedRequestsQueue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js') as { prototype: { addBody(data: Buffer): void } }
PipelinedRequestsQueue.prototype.addBody = () => {}

export interface LoadOptions {
  url: string
  connections: number
  seconds: number
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: Buffer
  /** Rotates the request path (e.g. over threads) or body; called for every request. */
  next?: () => { path?: string; body?: Buffer; headers?: Record<string, string> }
}

export interface LoadResult {
  /** 2xx answers per second. */
  rps: number
  p50: number
  p99: number
  ok: number
  /** Answers other than 2xx, and connection errors or timeouts. */
  failed: number
  statuses: Record<string, number>
  seconds: number
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = []
  const statuses: Record<string, number> = {}
  const next = options.next
  // Without a callback autocannon returns its event emitter made thenable (its types show only the promise).
  const instance = autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    timeout: 30,
    requests: next ? [{ setupRequest: (req) => ({ ...req, ...next() }) }] : undefined,
  }) as unknown as autocannon.Instance & Promise<autocannon.Result>
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime)
  })
  const result = await instance
  const ok = latencies.length
  const { p50, p99 } = distribution(latencies)
  return {
    rps: ok / result.duration,
    p50,
    p99,
    ok,
    failed: result.non2xx + result.errors + result.timeouts,
    statuses,
    seconds: result.duration,
  }
}

/** A short run whose figures are thrown away: JIT, caches and connection pools settle first. */
export async function warmUp(options: LoadOptions, seconds: number): Promise<void> {
  if (seconds > 0) await runLoad({ ...options, seconds })
  await settle(options.url)
}

/**
 * Waits for the requests still queued in the server when the load stopped (autocannon closes its connections, but
 * the server finishes what it has read): one more request waits behind them, as it shares the event loop and
 * SQLite's single connection. Then a short pause, so one run's backlog is not counted in the next.
 */
export async function settle(url: string): Promise<void> {
  const health = new URL('/api/health', url)
  await fetch(health).then((r) => r.arrayBuffer(), () => undefined)
  await new Promise((r) => setTimeout(r, 500))
}
