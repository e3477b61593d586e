// Redis faults with two processes sharing one database and one throwaway redis-server (never the shared one):
// Redis frozen with SIGSTOP (connections stay open, nothing answers), then killed and started again on the same
// port. Requests must keep answering promptly, rate limits must keep counting (in memory), no promise may be
// left unhandled, and once Redis is back no process may serve a page that misses what happened meanwhile.
import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../helpers/database'
import { as, form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { freePort, killRedis, startRedis } from '../helpers/redis'
import { startServer, type TestServer } from '../helpers/server'
import { connectedSocket, type Client } from '../helpers/sockets'

/** What server.ts (and Next) print for a promise nobody handled, and ioredis's adapter warning. */
const UNHANDLED = /unhandled ?rejection/i
const NO_ERROR_HANDLER = /missing 'error' handler/i
/** "Promptly": a request Redis would hang for as long as it is frozen must answer well before this. */
const PROMPT_MS = 5_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A request that must answer within PROMPT_MS (it fails with a TimeoutError otherwise). */
async function prompt(url: string, init: RequestInit = {}): Promise<{ status: number; text: string }> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(PROMPT_MS) })
  return { status: res.status, text: await res.text() }
}

const reply = (server: TestServer, board: string, threadId: number, content: string, ip: string) =>
  prompt(`${server.url}/api/boards/${board}/threads/${threadId}/posts`, {
    method: 'POST',
    body: form({ content }),
    headers: as(ip),
  })

async function createThread(server: TestServer, board: string, ip: string, topic = 'Redis faults') {
  return postForm(
    `${server.url}/api/boards/${board}/threads`,
    form({ topic, content: 'op' }, { name: 'a.png', bytes: await png(24, 24) }),
    as(ip),
  )
}

describe('fault: Redis with two processes', () => {
  const prefix = `cb-fault-${randomBytes(4).toString('hex')}`
  const sockets: Client[] = []
  let port: number
  let redis: ChildProcess | undefined
  let dataDir: string
  let database: TestDatabase
  let a: TestServer
  let b: TestServer

  beforeAll(async () => {
    port = await freePort()
    redis = await startRedis(port)
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'corkboard-fault-redis-'))
    database = await createTestDatabase(dataDir)
    const env = {
      REDIS_URL: `redis://127.0.0.1:${port}`,
      REDIS_PREFIX: prefix,
      TRUST_PROXY_HOPS: '1',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      POSTER_ID_SECRET: randomBytes(32).toString('hex'),
      // Generous except thread creation, whose limit must still hold while Redis is frozen.
      RATE_LIMITS: JSON.stringify({
        api: { points: 100000 },
        postCreate: { points: 1000 },
        threadCreate: { points: 2 },
      }),
    }
    // One database and one media directory, two processes, linked only through Redis.
    a = await startServer({ env, database, dataDir, keep: true })
    b = await startServer({ env, database, dataDir, keep: true })
  })

  afterAll(async () => {
    sockets.forEach((s) => s.close())
    await b?.stop()
    await a?.stop()
    await killRedis(redis)
    await database?.drop()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })

  const socketOn = (server: TestServer) => connectedSocket(server.url, sockets)
  const join = (socket: Client, room: string) =>
    new Promise<unknown>((resolve) => socket.emit('join_board', room, resolve))

  it('fault: Redis frozen with SIGSTOP: posting and /api reads answer promptly, rate limits count in memory, normal again after SIGCONT', async () => {
    const t = await createThread(a, 'tech', '198.51.100.1')
    expect(t.status).toBe(201)
    const threadId = t.body.threadId as number

    redis!.kill('SIGSTOP')
    try {
      // The rate limiter asks Redis on every /api request and every post; none may wait for it.
      expect((await reply(a, 'tech', threadId, 'posted while Redis is frozen', '198.51.100.2')).status).toBe(201)
      expect((await reply(b, 'tech', threadId, 'also posted while Redis is frozen', '198.51.100.3')).status).toBe(201)
      for (const server of [a, b]) {
        expect((await prompt(`${server.url}/api/boards`, { headers: as('198.51.100.4') })).status).toBe(200)
        expect(
          (await prompt(`${server.url}/api/boards/tech/threads/${threadId}/posts`, { headers: as('198.51.100.4') }))
            .status,
        ).toBe(200)
        expect((await prompt(`${server.url}/api/boards/tech/threads`, { headers: as('198.51.100.4') })).status).toBe(
          200,
        )
        expect((await prompt(`${server.url}/board/tech/thread/${threadId}`)).status).toBe(200)
      }
      // Thread creation is limited to 2 per address: still so, counted in this process's memory.
      const statuses: number[] = []
      for (let i = 0; i < 3; i++) {
        const started = Date.now()
        statuses.push((await createThread(a, 'diy', '198.51.100.5')).status)
        expect(Date.now() - started).toBeLessThan(PROMPT_MS)
      }
      expect(statuses).toEqual([201, 201, 429])
    } finally {
      redis!.kill('SIGCONT')
    }

    // Back to normal: posts work and the counters are kept in Redis again (shared by the processes).
    expect((await reply(b, 'tech', threadId, 'posted after SIGCONT', '198.51.100.6')).status).toBe(201)
    const check = new Redis(port, '127.0.0.1', { lazyConnect: true })
    try {
      await check.connect()
      let keys: string[] = []
      for (let i = 0; i < 40 && !keys.length; i++) {
        expect((await prompt(`${a.url}/api/boards`, { headers: as('198.51.100.9') })).status).toBe(200)
        keys = await check.keys(`${prefix}:rl:api:198.51.100.9`)
        if (!keys.length) await sleep(250)
      }
      expect(keys).toHaveLength(1)
    } finally {
      check.disconnect()
    }
  })

  it('fault: Redis killed and restarted on the same port: requests keep working, no unhandled rejection, no stale page on the other process, its sockets resync', async () => {
    const t = await createThread(a, 'tech', '198.51.100.10', 'Outage thread')
    expect(t.status).toBe(201)
    const threadId = t.body.threadId as number
    const marker = await createThread(a, 'food', '198.51.100.11', 'Marker thread')
    expect(marker.status).toBe(201)
    const threadPage = `${b.url}/board/tech/thread/${threadId}`
    const postsApi = `${b.url}/api/boards/tech/threads/${threadId}/posts`
    // Process B has the thread page and its posts API in its cache.
    for (const url of [threadPage, postsApi]) {
      await fetch(url)
      expect((await fetch(url)).headers.get('x-corkboard-cache')).toBe('HIT')
    }
    const socket = await socketOn(b)
    expect(await join(socket, `tech-${threadId}`)).toEqual({ ok: true })
    expect(await join(socket, 'food')).toEqual({ ok: true })
    let resynced = false
    const resync = new Promise<void>((resolve) =>
      socket.once('resync', () => {
        resynced = true
        resolve()
      }),
    )

    await killRedis(redis)
    const outputBefore = { a: a.output().length, b: b.output().length }
    // During the outage every write publishes an event that cannot reach Redis; reads and writes still answer.
    const during = await reply(a, 'tech', threadId, 'reply during the Redis outage', '198.51.100.12')
    expect(during.status).toBe(201)
    const outageReplyId = JSON.parse(during.text).postId as number
    for (let i = 0; i < 10; i++) {
      expect(
        (await reply(i % 2 ? a : b, 'food', marker.body.threadId, `outage chatter ${i}`, '198.51.100.13')).status,
      ).toBe(201)
      expect((await prompt(`${b.url}/api/boards/tech/threads`, { headers: as('198.51.100.14') })).status).toBe(200)
    }
    await sleep(1_500) // reconnection attempts fail meanwhile

    redis = await startRedis(port)
    // Redis is back once B hears a post made on A again; the resync is sent no later than that in practice.
    let heardMarker = false
    socket.on('post_created', (e) => {
      if (e.threadId === marker.body.threadId) heardMarker = true
    })
    for (let i = 0; i < 40 && !heardMarker && !resynced; i++) {
      expect((await reply(a, 'food', marker.body.threadId, `after restart ${i}`, '198.51.100.15')).status).toBe(201)
      await sleep(250)
    }
    expect(heardMarker || resynced).toBe(true)
    await Promise.race([resync, sleep(3_000)])

    // B's cached copies from before the outage are gone: the reply made on A meanwhile shows at once.
    const page = await fetch(threadPage)
    expect(await page.text()).toContain('reply during the Redis outage')
    expect(await (await fetch(postsApi)).text()).toContain('reply during the Redis outage')
    // B's socket clients were told to catch up, and what they fetch then has the reply.
    expect(resynced).toBe(true)
    const caughtUp = (await (await fetch(`${postsApi}?after=${outageReplyId - 1}`)).json()) as {
      posts: { content: string }[]
    }
    expect(caughtUp.posts.map((p) => p.content)).toContain('reply during the Redis outage')

    for (const [name, server] of [
      ['a', a],
      ['b', b],
    ] as const) {
      const outage = server.output().slice(outputBefore[name])
      expect(outage).not.toMatch(UNHANDLED)
      expect(outage).not.toMatch(NO_ERROR_HANDLER)
      // One line per failure kind per interval, not one per request or per reconnection attempt.
      expect(outage.split('\n').filter((l) => /redis|realtime:|rate limits:/i.test(l)).length).toBeLessThan(20)
    }
  })

  it("fault: Redis faults leave no unhandled rejection in either process's output", () => {
    for (const server of [a, b]) {
      expect(server.output()).not.toMatch(UNHANDLED)
      expect(server.output()).not.toMatch(NO_ERROR_HANDLER)
    }
  })
})
