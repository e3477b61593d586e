// Closed-loop HTTP load with autocannon: a fixed number of connections, each sending its next request as soon as
// the previous answer arrives, for a fixed time. Latencies are kept per response (autocannon's own histogram
// rounds to whole milliseconds, too coarse for a cached page).
import { createRequire } from 'node:module'
import autocannon from 'autocannon'
import { distribution } from './stats'

// autocannon appends every response body to a string (`req.body += chunk`), only for an onResponse hook we do not
// use. Decoding a 110 KB brotli page as UTF-8 costs ~15 ms of the load generator's CPU, which made the generator,
// not the server, the bottleneck for every large page. Bytes are still counted (addByteCount); bodies are dropped.
const PipelinedRequestsQueue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js') as {
  prototype: { addBody(data: Buffer): void }
}
PipelinedRequestsQueue.prototype.addBody = () => {}

export interface LoadOptions {
  url: string
  connections: number
  /** Measured time; it follows `warmUpSeconds` of the same load, whose answers are not counted. */
  seconds: number
  warmUpSeconds?: number
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

/**
 * One uninterrupted run: warm-up, then the measured seconds. Only answers that arrive after the warm-up count, so
 * the figures are the steady state (a pause between two runs would leave the server a backlog of requests it has
 * read but not answered, which would eat into the measured time).
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = []
  const statuses: Record<string, number> = {}
  const next = options.next
  const warmUpMs = (options.warmUpSeconds ?? 0) * 1000
  const started = performance.now()
  let measuring = warmUpMs === 0
  // Without a callback autocannon returns its event emitter made thenable (its types show only the promise).
  const instance = autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds + (options.warmUpSeconds ?? 0),
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    timeout: 30,
    requests: next ? [{ setupRequest: (req) => ({ ...req, ...next() }) }] : undefined,
  }) as unknown as autocannon.Instance & Promise<autocannon.Result>
  let failed = 0
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    measuring ||= performance.now() - started >= warmUpMs
    if (!measuring) return
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime)
    else failed++
  })
  instance.on('reqError', () => {
    if (measuring) failed++
  })
  await instance
  const seconds = (performance.now() - started - warmUpMs) / 1000
  const ok = latencies.length
  const { p50, p99 } = distribution(latencies)
  return { rps: ok / seconds, p50, p99, ok, failed, statuses, seconds }
}

/**
 * Waits for the requests still queued in the server when the load stopped (autocannon closes its connections, but
 * the server finishes what it has read): one more request waits behind them, as it shares the event loop and
 * SQLite's single connection. Then a short pause, so one run's backlog competes as little as possible with the next.
 */
export async function settle(url: string): Promise<void> {
  const health = new URL('/api/health', url)
  await fetch(health).then(
    (r) => r.arrayBuffer(),
    () => undefined,
  )
  await new Promise((r) => setTimeout(r, 500))
}
