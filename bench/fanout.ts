// Live fan-out: N socket.io clients (websocket transport) in one thread room, spread over worker processes; a reply
// is posted and each client's delay from just before the POST to its post_created is measured, a few times per N.
// The server's resident memory is read from /proc while the clients are connected.
import { fork, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { WorkerCommand, WorkerReply } from './fanout-worker'
import { postReply } from './http'
import type { ServerMemory } from './server-memory'
import { distribution, type Distribution } from './stats'

export interface FanoutOptions {
  url: string
  serverPid: number
  boardId: string
  threadId: number
  sizes: number[]
  repetitions: number
  workers: number
  /** Reads the server's own memory figures (heap, page cache) with the clients connected. */
  memory?: () => Promise<ServerMemory | null>
}

export interface FanoutResult {
  clients: number
  connected: number
  failedToConnect: number
  posts: number
  /** Deliveries expected (clients × posts) that never arrived within the collection timeout. */
  missing: number
  latencyMs: Distribution
  /** Server RSS with the clients connected and idle, and the highest reading while posts fanned out. */
  rssConnectedMb: number
  rssPeakMb: number
  /** The server's heap and page cache with the clients connected, when it could be read. */
  memoryConnected?: ServerMemory | null
}

const COLLECT_TIMEOUT_MS = 15_000
const SETTLE_MS = 1_000

/** Resident memory of a process in MB, from /proc (Linux). */
export function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
  return kb ? Number(kb) / 1024 : NaN
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const wallNow = () => performance.timeOrigin + performance.now()

function ask<T extends WorkerReply['type']>(
  worker: ChildProcess,
  cmd: WorkerCommand,
  answer: T,
): Promise<Extract<WorkerReply, { type: T }>> {
  return new Promise((resolve) => {
    const onMessage = (msg: WorkerReply) => {
      if (msg.type !== answer) return
      worker.off('message', onMessage)
      resolve(msg as Extract<WorkerReply, { type: T }>)
    }
    worker.on('message', onMessage)
    worker.send(cmd)
  })
}

export async function runFanout(options: FanoutOptions): Promise<FanoutResult[]> {
  const script = path.join(import.meta.dirname, 'fanout-worker.ts')
  const workers = Array.from({ length: options.workers }, () =>
    fork(script, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
  )
  const room = `${options.boardId}-${options.threadId}`
  const results: FanoutResult[] = []
  let connected = 0
  let failedToConnect = 0
  try {
    for (const size of [...options.sizes].sort((a, b) => a - b)) {
      // Add clients up to this size, spread evenly over the workers.
      const more = size - connected - failedToConnect
      const shares = workers.map((_, i) => Math.floor(more / workers.length) + (i < more % workers.length ? 1 : 0))
      const opened = await Promise.all(
        workers.map((w, i) => ask(w, { type: 'open', url: options.url, room, count: shares[i] }, 'opened')),
      )
      connected = opened.reduce((sum, o) => sum + o.total, 0)
      failedToConnect += opened.reduce((sum, o) => sum + o.failed, 0)
      await sleep(SETTLE_MS)
      const rssConnectedMb = rssMb(options.serverPid)
      const memoryConnected = (await options.memory?.()) ?? null

      let rssPeakMb = rssConnectedMb
      const sampler = setInterval(() => {
        rssPeakMb = Math.max(rssPeakMb, rssMb(options.serverPid))
      }, 50)
      const latencies: number[] = []
      let missing = 0
      try {
        for (let r = 0; r < options.repetitions; r++) {
          const started = wallNow()
          const res = await postReply(
            options.url,
            options,
            `Fan-out ${size} #${r + 1}: one reply to every client in the room.`,
          )
          const postId = (JSON.parse(res.body.toString()) as { postId: number }).postId
          const answers = await Promise.all(
            workers.map((w) => ask(w, { type: 'collect', postId, timeoutMs: COLLECT_TIMEOUT_MS }, 'times')),
          )
          const times = answers.flatMap((a) => a.times)
          latencies.push(...times.map((t) => t - started))
          missing += connected - times.length
          await sleep(SETTLE_MS)
        }
      } finally {
        clearInterval(sampler)
      }
      results.push({
        clients: size,
        connected,
        failedToConnect,
        posts: options.repetitions,
        missing,
        latencyMs: distribution(latencies),
        rssConnectedMb,
        rssPeakMb,
        memoryConnected,
      })
    }
  } finally {
    for (const w of workers) w.send({ type: 'close' } satisfies WorkerCommand)
  }
  return results
}
