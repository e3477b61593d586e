// Closed-loop HTTP load with autocannon: a fixed number of connections, each sending its next request as soon as
// the previous answer arrives, for a fixed time. Latencies are kept per response (autocannon's own histogram
// rounds to whole milliseconds, too coarse for a cached page).
import type { IncomingHttpHeaders } from 'node:http'
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
  /** Each connection asks for these paths in turn (instead of `url`'s path); figures are also kept per path. */
  paths?: string[]
  /** With `paths`: counts the values of this response header per path (e.g. x-corkboard-cache). */
  countHeader?: string
}

export interface PathLoad {
  /** 2xx answers per second. */
  rps: number
  p50: number
  p99: number
  ok: number
  /** Answers other than 2xx, and connection errors or timeouts. */
  failed: number
  statuses: Record<string, number>
  /** Answers (2xx or not) by the value of `countHeader`; "" when it was absent. */
  header: Record<string, number>
}

export interface LoadResult extends Omit<PathLoad, 'header'> {
  seconds: number
  /** With `paths`: the same figures for each path. */
  byPath?: Record<string, PathLoad>
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
  // autocannon calls a request's onResponse (with the headers) right before its 'response' event (with the
  // latency) for the same answer, so the path and header value noted here belong to the next event.
  const perPath = new Map<
    string,
    { latencies: number[]; failed: number; statuses: Record<string, number>; header: Record<string, number> }
  >()
  let answered: { path: string; header: string } | undefined
  const headerName = options.countHeader?.toLowerCase()
  const requests = options.paths?.map((path) => {
    perPath.set(path, { latencies: [], failed: 0, statuses: {}, header: {} })
    return {
      method: options.method ?? 'GET',
      path,
      headers: options.headers,
      body: options.body,
      onResponse: (_status: number, _body: string, _context: object, headers?: IncomingHttpHeaders) => {
        const value = headerName ? headers?.[headerName] : undefined
        answered = { path, header: value === undefined ? '' : String(value) }
      },
    }
  })
  // Without a callback autocannon returns its event emitter made thenable (its types show only the promise).
  const instance = autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds + (options.warmUpSeconds ?? 0),
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    timeout: 30,
    requests: requests ?? (next ? [{ setupRequest: (req) => ({ ...req, ...next() }) }] : undefined),
  }) as unknown as autocannon.Instance & Promise<autocannon.Result>
  let failed = 0
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    measuring ||= performance.now() - started >= warmUpMs
    const path = answered
    answered = undefined
    if (!measuring) return
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1
    const ok = statusCode >= 200 && statusCode < 300
    if (ok) latencies.push(responseTime)
    else failed++
    const one = path && perPath.get(path.path)
    if (!one) return
    one.statuses[statusCode] = (one.statuses[statusCode] ?? 0) + 1
    one.header[path.header] = (one.header[path.header] ?? 0) + 1
    if (ok) one.latencies.push(responseTime)
    else one.failed++
  })
  instance.on('reqError', () => {
    if (measuring) failed++
  })
  await instance
  const seconds = (performance.now() - started - warmUpMs) / 1000
  const ok = latencies.length
  const { p50, p99 } = distribution(latencies)
  const byPath = requests
    ? Object.fromEntries(
        [...perPath].map(([path, one]) => [
          path,
          {
            rps: one.latencies.length / seconds,
            ...pick(distribution(one.latencies)),
            ok: one.latencies.length,
            failed: one.failed,
            statuses: one.statuses,
            header: one.header,
          },
        ]),
      )
    : undefined
  return { rps: ok / seconds, p50, p99, ok, failed, statuses, seconds, byPath }
}

const pick = ({ p50, p99 }: { p50: number; p99: number }) => ({ p50, p99 })

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
