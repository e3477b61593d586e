// The thread watcher against the real server: its socket may join as many thread rooms as it ever asks for under
// the default join limit, the server refuses one room past its own limit, and the events and catch-up answers the
// watcher reads count new replies and replies to the reader as the browser does.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { EMPTY_WATCHER, WATCHER_ROOMS, totals, watcherReducer, type WatcherState } from '@/lib/client/watcher-state'
import { SOCKET_ROOMS_MAX } from '@/lib/limits'
import type { EventPayload } from '@/lib/realtime/events'
import { as, form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { roomyRateLimits, startServer, type TestServer } from '../helpers/server'
import { connectedSocket, type Client } from '../helpers/sockets'

let server: TestServer
const sockets: Client[] = []
beforeAll(async () => {
  // Only posting is made roomy: socket joins keep their default limit.
  server = await startServer({ env: { RATE_LIMITS: roomyRateLimits() } })
})
afterAll(async () => {
  sockets.forEach((s) => s.close())
  await server?.stop()
})

async function createThread(n: number) {
  const res = await postForm(
    `${server.url}/api/boards/tech/threads`,
    form({ topic: `Watched ${n}`, content: 'op' }, { name: 'a.png', bytes: await png() }),
    as('198.51.100.120'),
  )
  expect(res.status).toBe(201)
  return res.body as { threadId: number; postId: number }
}
const reply = async (threadId: number, content: string, ip: string) => {
  const res = await postForm(`${server.url}/api/boards/tech/threads/${threadId}/posts`, form({ content }), as(ip))
  expect(res.status).toBe(201)
  return res.body as { postId: number }
}

it('lets one socket join every room the watcher asks for and refuses one past the server limit', async () => {
  expect(WATCHER_ROOMS).toBeLessThan(SOCKET_ROOMS_MAX)
  const threads = []
  for (let i = 0; i <= SOCKET_ROOMS_MAX; i++) threads.push(await createThread(i))
  const socket = await connectedSocket(server.url, sockets)
  const join = (room: string) => new Promise<unknown>((resolve) => socket.emit('join_board', room, resolve))
  const answers = []
  for (const t of threads) answers.push(await join(`tech-${t.threadId}`))
  expect(answers.slice(0, SOCKET_ROOMS_MAX)).toEqual(Array(SOCKET_ROOMS_MAX).fill({ ok: true }))
  expect(answers[SOCKET_ROOMS_MAX]).toEqual({ ok: false, error: 'Unknown room' })
})

it('counts live replies and a catch-up the way the watcher does', async () => {
  const { threadId, postId: opId } = await createThread(99)
  const mine = await reply(threadId, 'my reply', '198.51.100.121')
  const own = new Set([mine.postId])
  const watched: WatcherState = watcherReducer(
    EMPTY_WATCHER,
    { type: 'watch', boardId: 'tech', threadId, label: 'Watched 99', lastPostId: mine.postId, now: 1 },
    own,
  )
  let state = watched
  const socket = await connectedSocket(server.url, sockets)
  expect(await new Promise((resolve) => socket.emit('join_board', `tech-${threadId}`, resolve))).toEqual({ ok: true })
  const heard: EventPayload<'post_created'>[] = []
  socket.on('post_created', (e) => heard.push(e))

  const first = await reply(threadId, `>>${opId} not you`, '198.51.100.122')
  await reply(threadId, `>>${mine.postId} you`, '198.51.100.122')
  await expect.poll(() => heard.length).toBe(2)
  for (const e of heard) state = watcherReducer(state, { type: 'post_created', post: e.post }, own)
  expect(totals(state)).toEqual({ unread: 2, you: 1 })
  expect(state.threads[0].unread[0]).toBe(first.postId)

  // The catch-up the watcher makes on joining: the posts after the seen one, and whether the thread died.
  const res = await fetch(`${server.url}/api/boards/tech/threads/${threadId}/posts?after=${mine.postId}`)
  expect(res.status).toBe(200)
  const body = await res.json()
  const caughtUp = (from: WatcherState) =>
    watcherReducer(
      from,
      {
        type: 'caught_up',
        boardId: 'tech',
        threadId,
        after: mine.postId,
        topic: body.thread.topic,
        isDead: body.thread.is_dead,
        posts: body.posts,
      },
      own,
    )
  // Heard live or not, the fetch gives the same counts; heard twice, nothing counts twice.
  expect(caughtUp(watched)).toEqual(state)
  expect(caughtUp(state)).toEqual(state)
  const missing = await fetch(`${server.url}/api/boards/tech/threads/999999/posts?after=1`)
  expect(missing.status).toBe(404)
})
