// The soak: a steady mixed load held for minutes (10 by default) against one server — readers in a closed loop over
// board pages, thread pages and the posts API, posters (each with its own poster cookie) sending text and image
// replies at a fixed rate, new threads, and socket.io clients in the rooms of the threads being replied to, some of
// them leaving every second (disconnecting, or switching rooms) while new ones join. Each minute is reported on its
// own: answers, server errors (any 5xx, and connection failures), read and write latency percentiles, the server's
// resident memory (at the minute's end and the highest of samples every few seconds) and the live events delivered.
// A healthy server shows no 5xx and a flat p99 and RSS column.
import { Agent, request } from 'node:http'
import { io as connect, type Socket } from 'socket.io-client'
import { rssMb } from './fanout'
import { BROWSER_HEADERS, multipart, POSTER_COOKIE, type MultipartBody } from './http'
import { benchPhoto } from './seed'
import { readServerMemory, type ServerMemory } from './server-memory'
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
  /** Posters sharing the reply rates below, each with its own poster cookie (1 when absent). */
  posters?: number
  sockets: number
  /** Sockets per second that disconnect and are replaced by a new connection joining a room (none when absent). */
  churnPerSecond?: number
  /** Connected sockets per second that leave their room and join another. */
  roomSwitchesPerSecond?: number
  textPerSecond: number
  imagePerSecond: number
  threadEverySeconds: number
  /** The server's metrics token, to read its heap and page cache at the end of each minute. */
  metricsToken?: string
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
  /** The server errors by kind: "read 503", "write ECONNRESET", "read timeout". */
  serverErrorKinds?: Record<string, number>
  /** Other non-2xx answers (4xx), by status. */
  refused: Record<string, number>
  rssMb: number
  /** The highest of the RSS samples taken during the minute. */
  rssMaxMb?: number
  /** The server's heap and page cache at the minute's end, when it could be read. */
  memory?: ServerMemory | null
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
  serverErrorKinds: Record<string, number>
  refused: Record<string, number>
  events: number
}
const emptyBucket = (): Bucket => ({
  reads: [],
  writes: [],
  serverErrors: 0,
  serverErrorKinds: {},
  refused: {},
  events: 0,
})

const REQUEST_TIMEOUT_MS = 30_000
const RSS_SAMPLE_MS = 5_000

/**
 * One request; resolves with its status (0 when it failed without an answer, with the error's code) and latency.
 * Bodies are discarded.
 */
function send(
  agent: Agent,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: Buffer },
): Promise<{ status: number; ms: number; error?: string }> {
  return new Promise((resolve) => {
    const started = performance.now()
    const headers = { ...init.headers, ...(init.body ? { 'content-length': String(init.body.length) } : {}) }
    const req = request(url, { method: init.method ?? 'GET', headers, agent }, (res) => {
      res.resume()
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }))
      res.on('error', (err) => resolve({ status: 0, ms: performance.now() - started, error: errorCode(err) }))
    })
    // Set on the request, not as its `timeout` option: an option equal to the agent's timeout leaves a reused socket
    // with the idle timeout the agent gave it in the pool (the server's Keep-Alive hint less a second, 4 s), so a
    // read answered after 4 s was given up as a timeout.
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(Object.assign(new Error('timeout'), { code: 'timeout' })))
    req.on('error', (err) => resolve({ status: 0, ms: performance.now() - started, error: errorCode(err) }))
    req.end(init.body)
  })
}

const errorCode = (err: Error) => (err as NodeJS.ErrnoException).code ?? err.message
const kindsText = (kinds: Record<string, number>) =>
  Object.entries(kinds)
    .map(([kind, n]) => `${n} × ${kind}`)
    .join(', ')

export async function runSoak(options: SoakOptions, log: (line: string) => void): Promise<SoakResult> {
  const { url, threads } = options
  const posterCount = options.posters ?? 1
  // With a timeout set, Node's agent also honours the server's `Keep-Alive: timeout=5` and drops an idle
  // connection a second before the server would: without one it keeps it, and a request sent on it just as the
  // server closes it ends in ECONNRESET (a client's race, which a browser retries and this load generator cannot).
  const readAgent = new Agent({ keepAlive: true, maxSockets: options.readers, timeout: REQUEST_TIMEOUT_MS })
  const writeAgent = new Agent({ keepAlive: true, maxSockets: 16, timeout: REQUEST_TIMEOUT_MS })
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
  const record = (kind: 'reads' | 'writes', r: { status: number; ms: number; error?: string }) => {
    if ((r.status >= 200 && r.status < 300) || r.status === 304) bucket[kind].push(r.ms)
    else if (r.status === 0 || r.status >= 500) {
      bucket.serverErrors++
      const what = `${kind === 'reads' ? 'read' : 'write'} ${r.status || r.error}`
      bucket.serverErrorKinds[what] = (bucket.serverErrorKinds[what] ?? 0) + 1
    } else bucket.refused[r.status] = (bucket.refused[r.status] ?? 0) + 1
  }

  // Sockets: spread over the rooms of the threads being replied to.
  const roomOf = (i: number) => `${threads[i % threads.length].boardId}-${threads[i % threads.length].threadId}`
  let opened = 0
  const rooms = new Map<Socket, string>()
  const open = () => {
    const room = roomOf(opened++)
    const socket = connect(url, { transports: ['websocket'], forceNew: true, reconnection: true })
    rooms.set(socket, room)
    socket.on('connect', () => socket.emit('join_board', rooms.get(socket)!))
    socket.on('post_created', () => bucket.events++)
    return socket
  }
  const sockets: Socket[] = Array.from({ length: options.sockets }, open)
  // Churn: the oldest sockets leave (a closed tab) and new ones join; others move to another thread's room.
  let switched = 0
  const churn = () => {
    for (let i = 0; i < (options.churnPerSecond ?? 0); i++) {
      sockets.shift()?.close()
      sockets.push(open())
    }
    for (let i = 0; i < (options.roomSwitchesPerSecond ?? 0); i++) {
      const socket = sockets[(switched * 7919) % sockets.length]
      const room = roomOf(switched++ * 5 + 1)
      if (!socket.connected) continue
      socket.emit('leave_board', rooms.get(socket)!)
      rooms.set(socket, room)
      socket.emit('join_board', room)
    }
  }

  const endAt = Date.now() + options.minutes * 60_000
  let running = true
  let turn = 0
  const readerLane = async () => {
    while (running)
      record('reads', await send(readAgent, url + readPaths[turn++ % readPaths.length], { headers: BROWSER_HEADERS }))
  }
  const post = (path: string, form: MultipartBody, cookie = POSTER_COOKIE) => {
    void send(writeAgent, url + path, {
      method: 'POST',
      body: form.body,
      headers: { 'content-type': form.contentType, cookie, accept: 'application/json' },
    }).then((r) => {
      if (running) record('writes', r)
    })
  }
  let written = 0
  const replyTo = () => {
    const t = threads[written++ % threads.length]
    return `/api/boards/${t.boardId}/threads/${t.threadId}/posts`
  }
  const posters = Array.from({ length: posterCount }, (_, i) => `cb_poster=${`soak-poster-${i}`.padEnd(43, '0')}`)
  let turns = 0
  const poster = () => posters[turns++ % posters.length]
  let rssMax = 0
  const timers = [
    // Replies at a steady total rate, the posters taking turns.
    setInterval(
      () => post(replyTo(), multipart({ content: `Soak reply ${written} with a >>1 quote and some words.` }), poster()),
      1000 / options.textPerSecond,
    ),
    setInterval(
      () => post(replyTo(), imageBodies[written % imageBodies.length], poster()),
      1000 / options.imagePerSecond,
    ),
    setInterval(churn, 1000),
    setInterval(() => (rssMax = Math.max(rssMax, rssMb(options.serverPid))), RSS_SAMPLE_MS),
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
    // The minute's highest sample, read before the next minute starts counting from zero.
    const highest = rssMax
    rssMax = 0
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
      serverErrorKinds: b.serverErrorKinds,
      refused: b.refused,
      rssMb: rssMb(options.serverPid),
      rssMaxMb: Math.max(highest, rssMb(options.serverPid)),
      memory: await readServerMemory(url, options.metricsToken),
      socketsConnected: sockets.filter((s) => s.connected).length,
      eventsDelivered: b.events,
    }
    minutes.push(row)
    log(
      `soak minute ${minute}: ${row.reads} reads (p99 ${row.readP99.toFixed(1)} ms), ${row.writes} writes (p99 ${row.writeP99.toFixed(0)} ms), ` +
        `${row.serverErrors} server errors${row.serverErrors ? ` (${kindsText(b.serverErrorKinds)})` : ''}, RSS ${Math.round(row.rssMb)} MB (max ${Math.round(row.rssMaxMb!)}), ${row.socketsConnected} sockets, ${row.eventsDelivered} events` +
        (row.memory
          ? `; heap ${Math.round(row.memory.heapUsedMb)}/${Math.round(row.memory.heapTotalMb)} MB, external ${Math.round(row.memory.externalMb)} MB, page cache ${Math.round(row.memory.pageCacheMb)} MB, fragments ${Math.round(row.memory.fragmentCacheMb)} MB`
          : ''),
    )
  }
  running = false
  timers.forEach(clearInterval)
  await Promise.all(lanes)
  sockets.forEach((s) => s.close())
  readAgent.destroy()
  writeAgent.destroy()
  const { url: _url, serverPid: _pid, threads: _threads, metricsToken: _token, ...settings } = options
  return { options: settings, minutes }
}

/** Minutes of a soak counted as warm-up (JIT, caches and the heap filling) before memory must stay flat. */
export const soakWarmupMinutes = (minutes: number) => (minutes >= 5 ? 2 : 1)

/**
 * Memory of a soak: the highest RSS of any sample, and the growth of the last minute's highest RSS over that of the
 * warm-up's last minute (a ratio; 0.1 is 10 % more).
 */
export function soakMemory(
  result: SoakResult,
): { peakMb: number; warmMb: number; lastMb: number; growth: number } | null {
  const m = result.minutes
  if (m.length < 2) return null
  const top = (x: SoakMinute) => Math.max(x.rssMb, x.rssMaxMb ?? 0)
  const warmMb = top(m[Math.min(soakWarmupMinutes(m.length), m.length - 1) - 1])
  const lastMb = top(m[m.length - 1])
  return { peakMb: Math.max(...m.map(top)), warmMb, lastMb, growth: lastMb / warmMb - 1 }
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
