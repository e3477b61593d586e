// Several processes behaving as one: two Corkboard processes on different ports against PostgreSQL,
// Redis and S3-compatible storage. Runs on PostgreSQL whatever TEST_DATABASE_URL says: that is the deployment
// it describes. A reply posted to one process reaches a socket client of the other within a second, and the
// other's cached thread page shows it on the next request; rate limits and the housekeeping lock are shared.
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../helpers/database'
import { as, form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { startS3, type TestS3 } from '../helpers/s3'
import { startServer, type TestServer } from '../helpers/server'
import { connectedSocket, type Client } from '../helpers/sockets'
import { sql } from '../helpers/sql'
import { createStaff, StaffClient } from '../helpers/staff'

const BUCKET = 'scale-media'
let s3: TestS3
let database: TestDatabase
let a: TestServer
let b: TestServer
const sockets: Client[] = []

beforeAll(async () => {
  s3 = await startS3(BUCKET)
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'corkboard-scale-'))
  database = await createTestDatabase(dataDir, 'postgresql')
  const env = {
    REDIS_URL: 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `cb-scale-${randomBytes(4).toString('hex')}`,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    POSTER_ID_SECRET: randomBytes(32).toString('hex'),
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: s3.endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_PUBLIC_URL: `${s3.endpoint}/${BUCKET}`,
    TRUST_PROXY_HOPS: '1',
    // Generous except thread creation, whose limit the processes must share.
    RATE_LIMITS: JSON.stringify({ api: { points: 100000 }, postCreate: { points: 1000 }, threadCreate: { points: 2 } }),
  }
  // Separate data directories: the processes share nothing but PostgreSQL, Redis and the bucket.
  a = await startServer({ env, database, keep: true })
  b = await startServer({ env, database, keep: true, dataDir: mkdtempSync(path.join(os.tmpdir(), 'corkboard-scale-')) })
})
afterAll(async () => {
  sockets.forEach((s) => s.close())
  await b?.stop()
  await a?.stop()
  await database?.drop()
  await s3?.close()
})

const socketOn = (server: TestServer) => connectedSocket(server.url, sockets)

it("a reply posted to one process reaches the other's socket clients within a second and its cached page at once", async () => {
  const t = await postForm(
    `${a.url}/api/boards/tech/threads`,
    form({ topic: 'Across processes', content: 'op' }, { name: 'a.png', bytes: await png() }),
    as('192.0.2.1'),
  )
  expect(t.status).toBe(201)
  const threadPage = `${b.url}/board/tech/thread/${t.body.threadId}`
  await fetch(threadPage)
  expect((await fetch(threadPage)).headers.get('x-corkboard-cache')).toBe('HIT')

  const socket = await socketOn(b)
  expect(await new Promise((resolve) => socket.emit('join_board', `tech-${t.body.threadId}`, resolve))).toEqual({
    ok: true,
  })
  const heard = new Promise<{ postId: number; at: number }>((resolve) =>
    socket.once('post_created', (e) => resolve({ postId: e.postId, at: Date.now() })),
  )
  const sent = Date.now()
  const r = await postForm(
    `${a.url}/api/boards/tech/threads/${t.body.threadId}/posts`,
    form({ content: 'hello from process A' }, { name: 'b.png', bytes: await png(33, 33) }),
    as('192.0.2.2'),
  )
  expect(r.status).toBe(201)
  const event = await heard
  expect(event.postId).toBe(r.body.postId)
  expect(event.at - sent).toBeLessThan(1000)

  const page = await fetch(threadPage)
  const html = await page.text()
  expect(html).toContain('hello from process A')
  // Media lives in the bucket and pages link to its public URL, whichever process renders them.
  expect(html).toContain(`${s3.endpoint}/${BUCKET}/media/`)
})

it('shares rate limits: the thread-creation limit counts posts to both processes', async () => {
  const image = await png(20, 20)
  const post = (server: TestServer) =>
    postForm(
      `${server.url}/api/boards/diy/threads`,
      form({ topic: 'limit', content: 'c' }, { name: 'a.png', bytes: image }),
      as('192.0.2.77'),
    )
  expect((await post(a)).status).toBe(201)
  expect((await post(b)).status).toBe(201)
  const third = await post(a)
  const fourth = await post(b)
  expect(third.status).toBe(429)
  expect(fourth.status).toBe(429)
})

it('shares the housekeeping lock: a run in progress on one process refuses a run on the other', async () => {
  const u = await createStaff(database, { username: 'ops', role: 'admin' })
  const onA = new StaffClient(a.url, as('10.1.1.1'))
  const onB = new StaffClient(b.url, as('10.1.1.1'))
  await onA.login(u.username, u.password)
  await onB.login(u.username, u.password)
  // Hold the lock as process A would during a run; process B must see it.
  await sql(
    database,
    'INSERT INTO job_locks (name, owner, acquired_at, expires_at) VALUES (?, ?, ?, ?)',
    'housekeeping',
    'process-a',
    new Date(),
    new Date(Date.now() + 60_000),
  )
  expect(await onB.write('POST', '/api/admin/housekeeping/run')).toMatchObject({
    status: 409,
    body: { error: 'Housekeeping is already running' },
  })
  await sql(database, 'DELETE FROM job_locks WHERE owner = ?', 'process-a')
  expect((await onB.write('POST', '/api/admin/housekeeping/run')).status).toBe(200)
  expect(
    (await onA.request('GET', '/api/admin/housekeeping/status')).body.status.jobs.housekeeping.lastRun,
  ).not.toBeNull()
})

it("a ban made on one process keeps the banned visitor off the other's cached board", async () => {
  await fetch(`${b.url}/board/science`)
  expect((await fetch(`${b.url}/board/science`, { headers: as('192.0.2.150') })).headers.get('x-corkboard-cache')).toBe(
    'HIT',
  )
  const u = await createStaff(database, { username: 'banner', role: 'admin' })
  const onA = new StaffClient(a.url, as('10.1.1.2'))
  await onA.login(u.username, u.password)
  expect(
    (
      await onA.write('POST', '/api/admin/bans', {
        ip_address: '192.0.2.150',
        board_id: 'science',
        reason: 'cross-process ban',
        expires_at: new Date(Date.now() + 3600_000).toISOString(),
      })
    ).status,
  ).toBe(201)
  // The ban travels to B through Redis; B never answers from its cache for a visitor it might not know is banned.
  let text = ''
  for (let i = 0; i < 20 && !text.includes('cross-process ban'); i++) {
    text = await (await fetch(`${b.url}/board/science`, { headers: as('192.0.2.150') })).text()
    if (!text.includes('cross-process ban')) await new Promise((r) => setTimeout(r, 50))
  }
  expect(text).toContain('cross-process ban')
})

it("a board setting changed on one process shows on the other's cached pages", async () => {
  const boardPage = `${b.url}/board/sports`
  await fetch(boardPage)
  expect((await fetch(boardPage)).headers.get('x-corkboard-cache')).toBe('HIT')
  const socket = await socketOn(b)
  expect(await new Promise((resolve) => socket.emit('join_board', 'food', resolve))).toEqual({ ok: true })
  const u = await createStaff(database, { username: 'settler', role: 'admin' })
  const onA = new StaffClient(a.url, as('10.1.1.3'))
  await onA.login(u.username, u.password)
  expect((await onA.write('PUT', '/api/admin/boards/sports', { name: 'Sports Across Processes' })).status).toBe(200)
  // Events travel in order on one channel: once B's clients hear of a later thread on another board, B has
  // handled the settings change too.
  const heard = new Promise((resolve) => socket.once('thread_created', resolve))
  expect(
    (
      await postForm(
        `${a.url}/api/boards/food/threads`,
        form({ topic: 'marker', content: 'c' }, { name: 'a.png', bytes: await png(21, 21) }),
        as('192.0.2.3'),
      )
    ).status,
  ).toBe(201)
  await heard
  const page = await fetch(boardPage)
  expect(page.headers.get('x-corkboard-cache')).not.toBe('HIT')
  expect(await page.text()).toContain('Sports Across Processes')
})
