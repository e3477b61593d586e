// Fault suite, database part: a PostgreSQL of the test's own stopped and frozen under load (readers and posters
// running), and the SQLite file's disk filled up. Every answer must come promptly (503 with Retry-After, or 507 for a
// write on a full disk), cached pages keep being served, the log stays short, and service returns by itself.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeSync, openSync, closeSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { startServer, type TestServer } from '../helpers/server'
import { startThrowawayPostgres, type ThrowawayPostgres } from '../helpers/throwaway-postgres'

const RATE_LIMITS = JSON.stringify({
  api: { points: 1_000_000 },
  threadCreate: { points: 1000 },
  postCreate: { points: 100_000 },
})
// What "promptly" means here. The longest one request may wait on the database is the pool's 5 s connection wait
// (lib/db/client.ts), plus one statement's DB_QUERY_TIMEOUT_MS should a pooled connection come free just in time.
// The circuit breaker's trial call (one a second) pays that wait whenever it has to open a new connection to the
// frozen server: CI once saw such a 503 after 5,038 ms. Twice the wait tells that from a hang.
const PROMPT_MS = 10_000

interface Outcome {
  kind: string
  status: number
  ms: number
  startedAt: number
  retryAfter: string | null
  body: string
  cache: string | null
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function timed(kind: string, url: string, init?: RequestInit): Promise<Outcome> {
  const startedAt = Date.now()
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) })
    const body = await res.text()
    return {
      kind,
      status: res.status,
      ms: Date.now() - startedAt,
      startedAt,
      retryAfter: res.headers.get('retry-after'),
      body,
      cache: res.headers.get('x-corkboard-cache'),
    }
  } catch (err) {
    return { kind, status: 0, ms: Date.now() - startedAt, startedAt, retryAfter: null, body: String(err), cache: null }
  }
}

async function createThread(server: TestServer, topic: string): Promise<number> {
  const res = await postForm(
    `${server.url}/api/boards/tech/threads`,
    form({ topic, content: 'first' }, { name: 'a.png', bytes: await png() }),
  )
  expect(res.status).toBe(201)
  return res.body.threadId
}

/**
 * Readers and posters in a loop until stopped: replies to one thread, reads of the board's thread list (API) and
 * of an uncached page (a query string bypasses the page cache), and a page and posts API kept in the cache.
 */
function startLoad(server: TestServer, postThread: number, cachedThread: number) {
  const outcomes: Outcome[] = []
  let running = true
  let n = 0
  const requests: (() => Promise<Outcome>)[] = [
    () =>
      timed('post', `${server.url}/api/boards/tech/threads/${postThread}/posts`, {
        method: 'POST',
        body: form({ content: `load ${n++}` }),
      }),
    // A query the page cache does not serve (it keeps the plain list), so each read reaches the database.
    () => timed('api-read', `${server.url}/api/boards/tech/threads?n=${n++}`),
    () => timed('page', `${server.url}/board/tech?n=${n++}`),
    () => timed('cached-page', `${server.url}/board/tech/thread/${cachedThread}`),
    () => timed('cached-api', `${server.url}/api/boards/tech/threads/${cachedThread}/posts`),
  ]
  const workers = requests.map(async (request) => {
    while (running) {
      outcomes.push(await request())
      await sleep(20)
    }
  })
  return {
    outcomes,
    stop: async () => {
      running = false
      await Promise.all(workers)
    },
  }
}

/** Polls until a reply is accepted again, without restarting the server. */
async function waitForRecovery(server: TestServer, threadId: number): Promise<void> {
  const deadline = Date.now() + 30_000
  for (;;) {
    const res = await timed('post', `${server.url}/api/boards/tech/threads/${threadId}/posts`, {
      method: 'POST',
      body: form({ content: 'after the outage' }),
    })
    if (res.status === 201) return
    if (Date.now() > deadline)
      throw new Error(`no recovery: last answer ${res.status} ${res.body}\n${server.output().slice(-3000)}`)
    await sleep(250)
  }
}

function expectPromptOutageAnswers(outcomes: Outcome[], server: TestServer): void {
  expect(outcomes.length).toBeGreaterThan(20)
  const report = (o: Outcome) => `${o.kind} ${o.status} in ${o.ms} ms: ${o.body.slice(0, 200)}`
  for (const o of outcomes) {
    expect(o.ms, report(o)).toBeLessThan(PROMPT_MS)
    if (o.kind.startsWith('cached')) {
      expect(o.status, report(o)).toBe(200)
      expect(o.cache, report(o)).toBe('HIT')
      continue
    }
    expect(o.status, `${report(o)}\n${server.output().slice(-2000)}`).toBe(503)
    expect(Number(o.retryAfter), report(o)).toBeGreaterThan(0)
    if (o.kind === 'page') expect(o.body).toContain('Service unavailable')
    else expect(JSON.parse(o.body)).toEqual({ error: 'Service unavailable' })
  }
  // Every kind was exercised during the outage.
  expect(new Set(outcomes.map((o) => o.kind)).size).toBe(5)
}

describe('fault: PostgreSQL outages under load (own throwaway cluster)', () => {
  let pg: ThrowawayPostgres
  let server: TestServer
  let postThread: number
  let cachedThread: number

  beforeAll(async () => {
    pg = await startThrowawayPostgres()
    server = await startServer({
      database: { url: pg.url, provider: 'postgresql', drop: async () => {} },
      env: { RATE_LIMITS },
    })
    postThread = await createThread(server, 'posted to under load')
    cachedThread = await createThread(server, 'read from the cache')
    // Until the ban index has loaded, pages are rendered for each visitor; then they are kept.
    for (const url of [`/board/tech/thread/${cachedThread}`, `/api/boards/tech/threads/${cachedThread}/posts`]) {
      const deadline = Date.now() + 15_000
      while ((await fetch(server.url + url)).headers.get('x-corkboard-cache') !== 'HIT') {
        if (Date.now() > deadline) throw new Error(`${url} never served from the cache\n${server.output()}`)
        await sleep(200)
      }
    }
  })

  afterAll(async () => {
    await server?.stop('SIGKILL')
    await pg?.destroy()
  })

  it('fault: PostgreSQL stopped under load → prompt 503s with Retry-After, cached pages still 200, bounded log lines; started again → requests succeed without a restart', async () => {
    const load = startLoad(server, postThread, cachedThread)
    await sleep(1_000)
    // Lines other than the one every request writes.
    const logLines = () =>
      server
        .output()
        .split('\n')
        .filter((l) => !l.includes('"msg":"request"')).length
    const logBefore = logLines()
    await pg.stop()
    const stoppedAt = Date.now()
    await sleep(6_000)
    const restartAt = Date.now()
    const logDuring = logLines() - logBefore
    await pg.start()
    await waitForRecovery(server, postThread)
    await load.stop()

    // Requests started once the stop had taken effect and answered before the restart.
    const during = load.outcomes.filter((o) => o.startedAt > stoppedAt + 500 && o.startedAt + o.ms < restartAt)
    expectPromptOutageAnswers(during, server)
    // A few lines per failure kind, not one (or a multi-line dump) per request.
    expect(logDuring, server.output().slice(-4000)).toBeLessThan(40)
    expect(
      load.outcomes
        .filter((o) => o.status === 500 || o.status === 0)
        .map((o) => `${o.kind} ${o.status} ${o.body.slice(0, 100)}`),
    ).toEqual([])

    // Everything works again, the uncached page included.
    expect((await timed('page', `${server.url}/board/tech?after=outage`)).status).toBe(200)
    expect((await timed('api-read', `${server.url}/api/boards/tech/threads`)).status).toBe(200)
    expect(server.output()).toMatch(/database available again/)
  })

  it('fault: PostgreSQL frozen with SIGSTOP on the postmaster and its backends → every request answers 503 within seconds, /api/health within 2 s; SIGCONT → recovery', async () => {
    const load = startLoad(server, postThread, cachedThread)
    await sleep(1_000)
    pg.signalAll('SIGSTOP')
    const frozenAt = Date.now()
    let thawAt = 0
    try {
      await sleep(1_000)
      const health = await timed('health', `${server.url}/api/health`)
      expect(health.ms).toBeLessThan(2_000)
      expect(health.status).toBe(503)
      expect(JSON.parse(health.body).checks).toMatchObject({ database: 'error', storage: 'ok' })
      await sleep(6_000)
    } finally {
      thawAt = Date.now()
      pg.signalAll('SIGCONT')
    }
    await waitForRecovery(server, postThread)
    await load.stop()

    expect(
      load.outcomes
        .filter((o) => o.ms >= PROMPT_MS || o.status === 500 || o.status === 0)
        .map((o) => `${o.kind} ${o.status} ${o.ms} ms`),
    ).toEqual([])
    // Requests started once the freeze had begun and answered while it lasted.
    const during = load.outcomes.filter((o) => o.startedAt > frozenAt + 200 && o.startedAt + o.ms < thawAt)
    expectPromptOutageAnswers(during, server)
    const health = await timed('health', `${server.url}/api/health`)
    expect(health.status).toBe(200)
  })
})

describe('fault: SQLite disk full', () => {
  let dir: string
  let mounted = false
  let server: TestServer | undefined

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'cb-full-'))
    // A small filesystem of its own to fill up (we run as root, here and in CI).
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', dir])
    mounted = true
  })

  afterAll(async () => {
    await server?.stop('SIGKILL')
    if (mounted) execFileSync('umount', ['-l', dir])
    rmSync(dir, { recursive: true, force: true })
  })

  it('fault: SQLite disk full → a text post answers 507 Storage full, reads keep working, health reports the database full; space freed → posting works again', async () => {
    const dataDir = path.join(dir, 'data')
    mkdirSync(dataDir)
    const dbFile = path.join(dataDir, 'corkboard.db')
    server = await startServer({
      dataDir,
      database: { url: `file:${dbFile}`, provider: 'sqlite', drop: async () => {} },
      env: { RATE_LIMITS },
    })
    const threadId = await createThread(server, 'full disk')
    const reply = (content: string) =>
      postForm(`${server!.url}/api/boards/tech/threads/${threadId}/posts`, form({ content }))
    expect((await reply('before')).status).toBe(201)

    // Empty the WAL (its pages would otherwise be reused without needing new space), then fill the filesystem.
    const side = new Database(dbFile)
    side.pragma('wal_checkpoint(TRUNCATE)')
    side.close()
    const filler = path.join(dir, 'filler')
    const fd = openSync(filler, 'w')
    const chunk = Buffer.alloc(64 * 1024, 1)
    try {
      for (;;) writeSync(fd, chunk)
    } catch (err) {
      expect((err as NodeJS.ErrnoException).code).toBe('ENOSPC')
    }
    try {
      for (;;) writeSync(fd, chunk, 0, 512)
    } catch {
      /* every last block taken */
    }
    closeSync(fd)

    const refused = await reply('x'.repeat(2000))
    expect(refused.status, `${JSON.stringify(refused.body)}\n${server.output().slice(-2000)}`).toBe(507)
    expect(refused.body).toEqual({ error: 'Storage full' })
    // Reads keep working.
    const posts = await fetch(`${server.url}/api/boards/tech/threads/${threadId}/posts`)
    expect(posts.status).toBe(200)
    expect((await posts.json()).posts.map((p: { content: string }) => p.content)).toEqual(['first', 'before'])
    const health = await fetch(`${server.url}/api/health`)
    expect(health.status).toBe(503)
    expect((await health.json()).checks).toMatchObject({ database: 'full' })

    unlinkSync(filler)
    expect((await reply('after')).status).toBe(201)
    const healthy = await fetch(`${server.url}/api/health`)
    expect((await healthy.json()).checks).toMatchObject({ database: 'ok' })
    expect(healthy.status).toBe(200)
    expect(server.output()).not.toMatch(/unexpected error/)
  })
})
