// One process of the fan-out load: holds a share of the socket.io clients, all joined to one thread room, and notes
// when each receives post_created. Times are performance.timeOrigin + performance.now(), the wall clock at
// sub-millisecond precision, comparable with the runner's on the same machine. Driven over IPC by bench/fanout.ts.
import { io as connect, type Socket } from 'socket.io-client'

export type WorkerCommand =
  | { type: 'open'; url: string; room: string; count: number }
  | { type: 'collect'; postId: number; timeoutMs: number }
  | { type: 'close' }

export type WorkerReply =
  { type: 'opened'; total: number; failed: number } | { type: 'times'; postId: number; times: number[] }

const OPEN_CONCURRENCY = 50
const sockets: Socket[] = []
// post id → receipt times, one per socket that heard it
const received = new Map<number, number[]>()

const now = () => performance.timeOrigin + performance.now()

function openOne(url: string, room: string): Promise<boolean> {
  const socket = connect(url, { transports: ['websocket'], reconnection: false, forceNew: true, timeout: 30_000 })
  socket.on('post_created', (payload: { postId: number }) => {
    const at = now()
    const list = received.get(payload.postId) ?? []
    list.push(at)
    received.set(payload.postId, list)
  })
  return new Promise((resolve) => {
    socket.once('connect_error', () => resolve(false))
    socket.once('connect', () => {
      socket.emit('join_board', room, (ack: { ok: boolean }) => {
        if (ack?.ok) sockets.push(socket)
        else socket.close()
        resolve(Boolean(ack?.ok))
      })
    })
  })
}

async function open(url: string, room: string, count: number): Promise<number> {
  let failed = 0
  let started = 0
  const lane = async () => {
    while (started < count) {
      started++
      if (!(await openOne(url, room))) failed++
    }
  }
  await Promise.all(Array.from({ length: OPEN_CONCURRENCY }, lane))
  return failed
}

/** Waits until every socket has heard the post (or the time is up) and hands over the receipt times. */
async function collect(postId: number, timeoutMs: number): Promise<number[]> {
  const until = Date.now() + timeoutMs
  while ((received.get(postId)?.length ?? 0) < sockets.length && Date.now() < until)
    await new Promise((r) => setTimeout(r, 20))
  const times = received.get(postId) ?? []
  received.delete(postId)
  return times
}

process.on('message', async (cmd: WorkerCommand) => {
  if (cmd.type === 'open') {
    const failed = await open(cmd.url, cmd.room, cmd.count)
    process.send!({ type: 'opened', total: sockets.length, failed } satisfies WorkerReply)
  } else if (cmd.type === 'collect') {
    process.send!({
      type: 'times',
      postId: cmd.postId,
      times: await collect(cmd.postId, cmd.timeoutMs),
    } satisfies WorkerReply)
  } else {
    sockets.forEach((s) => s.close())
    process.exit(0)
  }
})
process.on('disconnect', () => process.exit(0))
