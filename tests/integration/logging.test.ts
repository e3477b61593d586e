// Structured logs: every line on stdout is one JSON object; each answered request writes one line with its id,
// method, route template, path, status and duration (the client address only when the operator turns it on),
// except answers the page cache sends from memory unless the operator turns those on; an unexpected error writes
// its stack under the same request id that the 500 body shows.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { logLines, requestLines } from '../helpers/log-lines'
import { startServer, type TestServer } from '../helpers/server'
import { sql } from '../helpers/sql'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
let server: TestServer
/** LOG_CLIENT_ADDRESS=1 and LOG_CACHE_HITS=1. */
let optedIn: TestServer

beforeAll(async () => {
  ;[server, optedIn] = await Promise.all([
    startServer(),
    startServer({ env: { LOG_CLIENT_ADDRESS: '1', LOG_CACHE_HITS: '1', TRUST_PROXY_HOPS: '1' } }),
  ])
}, 120_000)

afterAll(async () => {
  await Promise.all([server?.stop(), optedIn?.stop()])
})

/** Request lines are written once the response has closed, which may be after the client read it. */
const lineFor = (s: TestServer, path: string) =>
  vi.waitFor(
    () => {
      const [line] = requestLines(s, path)
      if (!line) throw new Error(`no request line for ${path}`)
      return line
    },
    { timeout: 10_000, interval: 20 },
  )

describe('structured logs', () => {
  it("writes Corkboard's own lines as JSON objects with level, time and message", () => {
    // (Next prints a few lines of its own at start-up.)
    const listening = logLines(server).find((l) => l.msg.startsWith('Corkboard listening on'))
    expect(listening).toMatchObject({ level: 30 })
    expect(Date.parse(listening!.time)).not.toBeNaN()
    expect(server.output()).not.toMatch(/^Corkboard listening/m)
  })

  it('writes one line per request with its id, method, route template, path, status and duration', async () => {
    expect((await fetch(`${server.url}/board/tech?page=1`)).status).toBe(200)
    expect((await fetch(`${server.url}/api/boards/tech/threads/999999/posts`)).status).toBe(404)
    const page = await lineFor(server, '/board/tech')
    expect(page).toMatchObject({ method: 'GET', route: '/board/[boardId]', status: 200 })
    expect(page.requestId).toMatch(UUID)
    expect(typeof page.durationMs).toBe('number')
    // The query string stays out of the log, and so does the client address unless turned on.
    expect(JSON.stringify(page)).not.toContain('page=1')
    expect(page).not.toHaveProperty('clientAddress')
    const missing = await lineFor(server, '/api/boards/tech/threads/999999/posts')
    expect(missing).toMatchObject({ route: '/api/boards/[boardId]/threads/[threadId]/posts', status: 404 })
    expect(requestLines(server, '/board/tech')).toHaveLength(1)
  })

  it('names the route of an unknown path "(unmatched)", never the path itself', async () => {
    await fetch(`${server.url}/no/such/page/12345`)
    expect(await lineFor(server, '/no/such/page/12345')).toMatchObject({ route: '(unmatched)', status: 404 })
  })

  it('leaves answers sent from the page cache out of the log unless LOG_CACHE_HITS=1', async () => {
    const path = '/board/science/catalog'
    for (const s of [server, optedIn]) {
      const answers = []
      for (let i = 0; i < 3; i++) answers.push((await fetch(`${s.url}${path}`)).headers.get('x-corkboard-cache'))
      expect(answers).toEqual(['MISS', 'HIT', 'HIT'])
      // Lines are written as answers close, in order: once a later request's line is there, these had their turn.
      await fetch(`${s.url}/contact?after=catalog`)
      await lineFor(s, '/contact')
    }
    expect(requestLines(server, path).map((l) => l.status)).toEqual([200])
    expect(requestLines(optedIn, path).map((l) => l.status)).toEqual([200, 200, 200])
  })

  it('logs the client address only with LOG_CLIENT_ADDRESS=1', async () => {
    await fetch(`${optedIn.url}/rules`, { headers: { 'X-Forwarded-For': '203.0.113.45' } })
    expect(await lineFor(optedIn, '/rules')).toMatchObject({ clientAddress: '203.0.113.45', status: 200 })
  })

  it('logs an unexpected error with its stack under the request id of the 500 body and of its request line', async () => {
    // A table missing under a running server is not a database outage: a real error, answered 500.
    await sql(server.database, 'ALTER TABLE threads RENAME TO threads_hidden')
    try {
      const res = await fetch(`${server.url}/api/boards/tech/threads`)
      expect(res.status).toBe(500)
      const body = (await res.json()) as { error: string; requestId: string }
      expect(body.error).toBe('Internal error')
      expect(body.requestId).toMatch(UUID)
      const failure = await vi.waitFor(() => {
        const line = logLines(server).find((l) => l.requestId === body.requestId && l.msg !== 'request')
        if (!line) throw new Error('no error line')
        return line
      })
      expect(failure.level).toBe(50)
      expect(failure.msg).toContain('unexpected error')
      expect((failure.err as { stack: string }).stack).toMatch(/\n\s+at /)
      const request = await lineFor(server, '/api/boards/tech/threads')
      expect(request).toMatchObject({ requestId: body.requestId, status: 500, route: '/api/boards/[boardId]/threads' })
    } finally {
      await sql(server.database, 'ALTER TABLE threads_hidden RENAME TO threads')
    }
  })

  it('has no /metrics without METRICS_TOKEN', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404)
    expect(
      (await fetch(`${server.url}/metrics`, { headers: { Authorization: 'Bearer anything-at-all' } })).status,
    ).toBe(404)
  })
})
