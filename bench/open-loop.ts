// Open-loop writers: requests sent at a fixed rate whatever the answers take (a closed loop would slow down with
// the server and hide the load it is meant to add). Each request is due at start + i / rate; one that finds the
// schedule behind is sent at once, so the rate holds on average.
import { Agent, request } from 'node:http'
import { distribution } from './stats'

export interface OpenLoopOptions {
  url: string
  /** Requests per second. */
  rate: number
  seconds: number
  method: string
  headers: Record<string, string>
  body: Buffer
  /** The path of the i-th request. */
  path: (i: number) => string
}

export interface OpenLoopResult {
  sent: number
  /** Answers by status; `error {code}` for a failed connection. */
  statuses: Record<string, number>
  /** Requests per second actually sent. */
  rate: number
  p50: number
  p99: number
}

// A connection per request: slow answers never hold back the schedule, and no request is lost to the server closing
// an idle keep-alive connection just as it is reused.
const agent = new Agent({ keepAlive: false, maxSockets: Infinity })

export async function openLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  const statuses: Record<string, number> = {}
  const latencies: number[] = []
  const pending = new Set<Promise<void>>()
  const total = Math.round(options.rate * options.seconds)
  const started = performance.now()
  const count = (key: string) => (statuses[key] = (statuses[key] ?? 0) + 1)
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / options.rate
    const wait = due - performance.now()
    if (wait > 0) await new Promise((r) => setTimeout(r, wait))
    const sent = performance.now()
    const one = send(options, options.path(i)).then(
      (status) => {
        count(String(status))
        latencies.push(performance.now() - sent)
      },
      (err: NodeJS.ErrnoException) => void count(`error ${err.code ?? err.message}`),
    )
    pending.add(one)
    void one.finally(() => pending.delete(one))
  }
  const sendingSeconds = (performance.now() - started) / 1000
  await Promise.all(pending)
  const { p50, p99 } = distribution(latencies)
  return { sent: total, statuses, rate: total / Math.max(sendingSeconds, options.seconds), p50, p99 }
}

function send(options: OpenLoopOptions, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      options.url + path,
      {
        method: options.method,
        headers: { ...options.headers, 'content-length': String(options.body.length) },
        agent,
      },
      (res) => {
        res.resume()
        res.on('error', reject)
        res.on('end', () => resolve(res.statusCode ?? 0))
      },
    )
    req.on('error', reject)
    req.end(options.body)
  })
}
