// The soak: a steady mixed load held for minutes (10 by default) against one server — readers in a closed loop over
// board pages, thread pages and the posts API, posters sending text and image replies and new threads at a fixed
// rate, and socket.io clients sitting in the rooms of the threads being replied to. Each minute is reported on its
// own: answers, server errors (any 5xx, and connection failures), read and write latency percentiles, the server's
// resident memory and the live events delivered. A healthy server shows no 5xx and a flat p99 and RSS column.
import { Agent, request } from 'node:http'
import { io as connect, type Socket } from 'socket.io-client'
import { rssMb } from './fanout'
import { BROWSER_HEADERS, multipart, POSTER_COOKIE, type MultipartBody } from './http'
import { benchPhoto } from './seed'
import { distribution } from './stats'

export interface SoakOptions {
  url: string
  serverPid: number
  /** Threads replied to (and whose rooms the sockets join); board pages are read for their boards. */
  threads: { boardId: string; threadId: number }[]
  /** A board that receives the new threads, so live threads die and housekeeping-like churn happens there. */
  threadBoard: string
  minutes: number
  readers: number
  sockets: number
  textPerSecond: number
  imagePerSecond: number
  threadEverySeconds: number
}

export interface SoakMinute {
  minute: number
  reads: number
  readP50: number
  readP99: number
  writes: number
  writeP99: number
  /** 5xx answers and requests that failed without an answer (reset, timeout). */
  serverErrors: number
  /** Other non-2xx answers (4xx), by status. */
  refused: Record<string, number>
  rssMb: number
  socketsConnected: number
  eventsDelivered: number
}

export interface SoakResult {
  options: Omit<SoakOptions, 'url' | 'serverPid' | 'threads'>
  minutes: SoakMinute[]
}

interface Bucket {
  reads: number[]
  writes: number[]
  serverErrors: number
  refused: Record<string, number>
  events: number
}
const emptyBucket = (): Bucket => ({ reads: [], writes: [], serverErrors: 0, refused: {}, events: 0 })

const REQUEST_TIMEOUT_MS = 30_000

/** One request; resolves with its status (0 when it failed without an answer) and latency. Bodies are discarded. */
function send(
  agent: Agent,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: Buffer },
): Promise<{ status: number; ms: number }> {
  return new Promise((resolve) => {
    const started = performance.now()
    const headers = { ...init.headers, ...(init.body ? { 'content-length': String(init.body.length) } : {}) }
    const req = request(url, { method: init.method ?? 'GET', headers, agent, timeout: REQUEST_TIMEOUT_MS }, (res) => {
      res.resume()
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }))
      res.on('error', () => resolve({ status: 0, ms: performance.now() - started }))
    })
    req.on('timeout', () => req.destroy(new Error('timeout')))
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }))
    req.end(init.body)
  })
}

export async function runSoak(options: SoakOptions, log: (line: string) => void): Promise<SoakResult> {
  const { url, threads } = options
  const readAgent = new Agent({ keepAlive: true, maxSockets: options.readers })
  const writeAgent = new Agent({ keepAlive: true, maxSockets: 16 })
  const boards = [...new Set(threads.map((t) => t.boardId))]
  const readPaths = [
    ...boards.map((b) => `/board/${b}`),
    ...threads.map((t) => `/board/${t.boardId}/thread/${t.threadId}`),
    ...threads.map((t) => `/api/boards/${t.boardId}/threads/${t.threadId}/posts`),
  ]
  const photos = await Promise.all([0, 1, 2, 3].map(() => benchPhoto(640, 480)))
  const imageBodies = photos.map((bytes, i) =>
    multipart({ content: `Soak image ${i}` }, { field: 'image', name: `soak-${i}.jpg`, type: 'image/jpeg', bytes }),
  )

  let bucket = emptyBucket()
  const record = (kind: 'reads' | 'writes', r: { status: number; ms: number }) => {
    if ((r.status >= 200 && r.status < 300) || r.status === 304) bucket[kind].push(r.ms)
    else if (r.status === 0 || r.status >= 500) bucket.serverErrors++
    else bucket.refused[r.status] = (bucket.refused[r.status] ?? 0) + 1
  }

  // Sockets: spread over the rooms of the threads being replied to.
  const sockets: Socket[] = []
  for (let i = 0; i < options.sockets; i++) {
    const t = threads[i % threads.length]
    const socket = connect(url, { transports: ['websocket'], forceNew: true, reconnection: true })
    socket.on('connect', () => socket.emit('join_board', `${t.boardId}-${t.threadId}`))
    socket.on('post_created', () => bucket.events++)
    sockets.push(socket)
  }

  const endAt = Date.now() + options.minutes * 60_000
  let running = true
  let turn = 0
  const readerLane = async () => {
    while (running)
      record('reads', await send(readAgent, url + readPaths[turn++ % readPaths.length], { headers: BROWSER_HEADERS }))
  }
  const post = (path: string, form: MultipartBody) => {
    void send(writeAgent, url + path, {
      method: 'POST',
      body: form.body,
      headers: { 'content-type': form.contentType, cookie: POSTER_COOKIE, accept: 'application/json' },
    }).then((r) => {
      if (running) record('writes', r)
    })
  }
  let written = 0
  const replyTo = () => {
    const t = threads[written++ % threads.length]
    return `/api/boards/${t.boardId}/threads/${t.threadId}/posts`
  }
  const timers = [
    setInterval(
      () => post(replyTo(), multipart({ content: `Soak reply ${written} with a >>1 quote and some words.` })),
      1000 / options.textPerSecond,
    ),
    setInterval(() => post(replyTo(), imageBodies[written % imageBodies.length]), 1000 / options.imagePerSecond),
    setInterval(
      () =>
        post(
          `/api/boards/${options.threadBoard}/threads`,
          multipart(
            { topic: `Soak thread ${written}`, content: 'A new thread from the soak.' },
            { field: 'image', name: 'op.jpg', type: 'image/jpeg', bytes: photos[0] },
          ),
        ),
      options.threadEverySeconds * 1000,
    ),
  ]
  const lanes = Array.from({ length: options.readers }, readerLane)

  const minutes: SoakMinute[] = []
  for (let minute = 1; Date.now() < endAt; minute++) {
    await new Promise((r) => setTimeout(r, Math.min(60_000, endAt - Date.now())))
    const b = bucket
    bucket = emptyBucket()
    const reads = distribution(b.reads)
    const writes = distribution(b.writes)
    const row: SoakMinute = {
      minute,
      reads: b.reads.length,
      readP50: reads.p50,
      readP99: reads.p99,
      writes: b.writes.length,
      writeP99: writes.p99,
      serverErrors: b.serverErrors,
      refused: b.refused,
      rssMb: rssMb(options.serverPid),
      socketsConnected: sockets.filter((s) => s.connected).length,
      eventsDelivered: b.events,
    }
    minutes.push(row)
    log(
      `soak minute ${minute}: ${row.reads} reads (p99 ${row.readP99.toFixed(1)} ms), ${row.writes} writes (p99 ${row.writeP99.toFixed(0)} ms), ` +
        `${row.serverErrors} server errors, RSS ${Math.round(row.rssMb)} MB, ${row.socketsConnected} sockets, ${row.eventsDelivered} events`,
    )
  }
  running = false
  timers.forEach(clearInterval)
  await Promise.all(lanes)
  sockets.forEach((s) => s.close())
  readAgent.destroy()
  writeAgent.destroy()
  const { url: _url, serverPid: _pid, threads: _threads, ...settings } = options
  return { options: settings, minutes }
}

/** Verdicts of a soak: no server error at all; RSS and p99 of the last minutes against the second minute. */
export function judgeSoak(result: SoakResult): { serverErrors: number; rssGrowthMb: number; p99Growth: number | null } {
  const m = result.minutes
  const serverErrors = m.reduce((n, x) => n + x.serverErrors, 0)
  // The first minute includes start-up effects (JIT, caches filling); compare the second with the last.
  const early = m[Math.min(1, m.length - 1)]
  const late = m[m.length - 1]
  return {
    serverErrors,
    rssGrowthMb: late && early ? late.rssMb - early.rssMb : 0,
    p99Growth: late && early && early.readP99 > 0 ? late.readP99 / early.readP99 : null,
  }
}
