// socket.io against the real server: room validation, and events published by domain mutations reaching
// clients in the board and thread rooms — within one process, and across two processes through Redis.
import { randomBytes } from 'node:crypto'
import { io as connect, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ClientToServerEvents, EventName, ServerToClientEvents } from '@/lib/realtime/events'
import { form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { startServer, type TestServer } from '../helpers/server'

type Client = Socket<ServerToClientEvents, ClientToServerEvents>
const RATE_LIMITS = JSON.stringify({ threadCreate: { points: 1000 }, postCreate: { points: 1000 } })

function client(url: string): Promise<Client> {
  const socket: Client = connect(url, { transports: ['websocket'], reconnection: false, forceNew: true })
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket))
    socket.once('connect_error', reject)
  })
}

const join = (socket: Client, room: string) =>
  new Promise<unknown>((resolve) => socket.emit('join_board', room, resolve))

function next<E extends EventName>(
  socket: Client,
  event: E,
  timeoutMs = 5000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs)
    socket.once(
      event as never,
      ((payload: never) => {
        clearTimeout(timer)
        resolve(payload)
      }) as never,
    )
  })
}

async function createThread(url: string, board = 'tech') {
  const res = await postForm(
    `${url}/api/boards/${board}/threads`,
    form({ topic: 'Live', content: 'op' }, { name: 'a.png', bytes: await png() }),
  )
  expect(res.status).toBe(201)
  return res.body as { threadId: number; postId: number }
}

describe('one process', () => {
  let server: TestServer
  const sockets: Client[] = []
  beforeAll(async () => {
    server = await startServer({ env: { RATE_LIMITS } })
  })
  afterAll(async () => {
    sockets.forEach((s) => s.close())
    await server?.stop()
  })
  const open = async () => {
    const s = await client(server.url)
    sockets.push(s)
    return s
  }

  it('joins existing board and thread rooms and refuses anything else', async () => {
    const socket = await open()
    const { threadId } = await createThread(server.url)
    expect(await join(socket, 'tech')).toEqual({ ok: true })
    expect(await join(socket, `tech-${threadId}`)).toEqual({ ok: true })
    for (const bad of ['nope', `diy-${threadId}`, 'tech-999999', 'TECH', 'tech-0', '../tech']) {
      expect(await join(socket, bad)).toEqual({ ok: false, error: 'Unknown room' })
    }
  })

  it('delivers thread_created to the board room and post_created to board and thread rooms', async () => {
    const boardWatcher = await open()
    const threadWatcher = await open()
    const outsider = await open()
    await join(boardWatcher, 'gaming')
    await join(outsider, 'anime')
    let outsiderHeard = 0
    outsider.onAny(() => outsiderHeard++)

    const created = next(boardWatcher, 'thread_created')
    const { threadId, postId } = await createThread(server.url, 'gaming')
    expect(await created).toEqual({
      threadId,
      boardId: 'gaming',
      postId,
      topic: 'Live',
      createdAt: expect.stringMatching(/Z$/),
    })

    await join(threadWatcher, `gaming-${threadId}`)
    const onBoard = next(boardWatcher, 'post_created')
    const onThread = next(threadWatcher, 'post_created')
    const reply = await postForm(
      `${server.url}/api/boards/gaming/threads/${threadId}/posts`,
      form({ content: 'live reply' }),
    )
    const [a, b] = await Promise.all([onBoard, onThread])
    expect(a).toEqual(b)
    expect(a).toMatchObject({ postId: reply.body.postId, threadId, boardId: 'gaming', postCount: 2, bumped: true })
    expect(a.post).toMatchObject({ id: reply.body.postId, content: 'live reply', is_op: false, survey: null })
    expect(JSON.stringify(a)).not.toMatch(/ip_?address|owner/i)
    expect(outsiderHeard).toBe(0)
  })

  it('stops delivering after leave_board', async () => {
    const socket = await open()
    await join(socket, 'sports')
    socket.emit('leave_board', 'sports')
    let heard = 0
    socket.on('thread_created', () => heard++)
    const control = await open()
    await join(control, 'sports')
    const controlHeard = next(control, 'thread_created')
    await createThread(server.url, 'sports')
    await controlHeard
    expect(heard).toBe(0)
  })

  it('refuses socket connections from a foreign origin', async () => {
    const socket: Client = connect(server.url, {
      transports: ['polling'],
      reconnection: false,
      forceNew: true,
      extraHeaders: { Origin: 'https://evil.example' },
    })
    await expect(
      new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve())
        socket.once('connect_error', reject)
      }),
    ).rejects.toThrow()
    socket.close()
  })
})

describe('two processes sharing Redis', () => {
  let a: TestServer
  let b: TestServer
  let socket: Client | undefined
  beforeAll(async () => {
    const env = {
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_PREFIX: `cb-test-${randomBytes(4).toString('hex')}`,
      RATE_LIMITS,
    }
    a = await startServer({ env, keep: true })
    b = await startServer({ env, dataDir: a.dataDir, database: a.database })
  })
  afterAll(async () => {
    socket?.close()
    await b?.stop()
    await a?.stop()
  })

  it('delivers an event raised in one process to a client of the other', async () => {
    socket = await client(b.url)
    expect(await join(socket, 'business')).toEqual({ ok: true })
    const heard = next(socket, 'thread_created')
    const { threadId } = await createThread(a.url, 'business')
    expect((await heard).threadId).toBe(threadId)
  })

  it("a process shutting down disconnects only its own clients, not the other process's", async () => {
    const onB = await client(b.url)
    let droppedOnB = false
    onB.on('disconnect', () => {
      droppedOnB = true
    })
    const onA = await client(a.url)
    const droppedOnA = new Promise((resolve) => onA.once('disconnect', resolve))
    expect(await a.stop()).toBe(0)
    await droppedOnA
    // The other process's clients stay connected and are still served.
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(droppedOnB).toBe(false)
    expect(await join(onB, 'business')).toEqual({ ok: true })
    onA.close()
    onB.close()
  })
})
