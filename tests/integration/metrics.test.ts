// /metrics: Prometheus text behind a bearer token (401 without it or with a wrong one), and the counters move
// with what the site does: requests by route template, the page cache, posts, uploads and refusals, sockets,
// database statements, rate limits, housekeeping, event-loop lag.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { startServer, type TestServer } from '../helpers/server'
import { connectedSocket, type Client } from '../helpers/sockets'
import { loggedInAdmin } from '../helpers/staff'

const TOKEN = 'a-long-enough-metrics-token'
let server: TestServer
const sockets: Client[] = []

beforeAll(async () => {
  server = await startServer({
    env: { METRICS_TOKEN: TOKEN, RATE_LIMITS: JSON.stringify({ threadCreate: { points: 2 }, api: { points: 10000 } }) },
  })
}, 120_000)

afterAll(async () => {
  for (const s of sockets) s.close()
  await server?.stop()
})

async function scrape(): Promise<string> {
  const res = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
  return res.text()
}

/** The sum of the samples of `name` whose labels include `labels`. */
function value(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!m || m[1] !== name) continue
    const found = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]))
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) sum += Number(m[3])
  }
  return sum
}

const newThread = (image: Buffer, name = 'a.png') =>
  postForm(
    `${server.url}/api/boards/tech/threads`,
    form({ topic: 'metrics', content: 'counted' }, { name, bytes: image }),
  )

describe('/metrics', () => {
  it('refuses a scrape without the token or with a wrong one', async () => {
    const bare = await fetch(`${server.url}/metrics`)
    expect(bare.status).toBe(401)
    expect(bare.headers.get('www-authenticate')).toMatch(/^Bearer/)
    for (const authorization of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN, `Basic ${TOKEN}`]) {
      const res = await fetch(`${server.url}/metrics`, { headers: { Authorization: authorization } })
      expect(res.status, authorization).toBe(401)
      expect(await res.text()).not.toContain('corkboard_')
    }
  })

  it('counts requests, the page cache, posts, uploads, refusals, sockets, statements, rate limits and housekeeping', async () => {
    const before = await scrape()
    const get = { method: 'GET', route: '/board/[boardId]', status: '200' }

    // Pages: the first render of a board page is a miss, the next request a hit (until the ban index has loaded,
    // pages bypass the cache: count what the answers say).
    const answers: string[] = []
    while (!answers.includes('HIT') && answers.length < 10) {
      const page = await fetch(`${server.url}/board/tech`)
      expect(page.status).toBe(200)
      answers.push(page.headers.get('x-corkboard-cache') ?? 'bypassed')
    }
    const count = (result: string) => answers.filter((a) => a === result).length
    // Held until the next post on the board drops the page.
    expect(value(await scrape(), 'corkboard_page_cache_bytes')).toBeGreaterThan(0)
    // Posting: a thread with a PNG, a refused file, then threads until the two-per-window limit refuses one.
    expect((await newThread(await png())).status).toBe(201)
    expect((await newThread(Buffer.from('not an image at all'), 'x.png')).status).toBe(415)
    let created = 1
    let limited = false
    for (let i = 0; i < 3 && !limited; i++) {
      const status = (await newThread(await png())).status
      if (status === 201) created++
      limited = status === 429
    }
    expect(limited).toBe(true)
    sockets.push(await connectedSocket(server.url, []))
    const admin = await loggedInAdmin(server)
    expect((await admin.write('POST', '/api/admin/housekeeping/run')).status).toBe(200)

    // Request lines are counted once the response has closed: wait for the last one to be in.
    const after = await vi.waitFor(async () => {
      const text = await scrape()
      expect(
        value(text, 'corkboard_http_requests_total', get) - value(before, 'corkboard_http_requests_total', get),
      ).toBe(answers.length)
      return text
    })
    const moved = (name: string, labels: Record<string, string> = {}) =>
      value(after, name, labels) - value(before, name, labels)

    expect(moved('corkboard_http_request_duration_seconds_count', { method: 'GET', route: '/board/[boardId]' })).toBe(
      answers.length,
    )
    expect(moved('corkboard_http_requests_total', { route: '/api/boards/[boardId]/threads', status: '201' })).toBe(
      created,
    )
    // Templates, never raw paths.
    expect(after).not.toContain('route="/board/tech"')
    expect(moved('corkboard_page_cache_requests_total', { result: 'hit' })).toBe(count('HIT'))
    expect(moved('corkboard_page_cache_requests_total', { result: 'miss' })).toBe(count('MISS'))
    expect(count('HIT')).toBe(1)
    expect(moved('corkboard_posts_created_total', { kind: 'thread' })).toBe(created)
    expect(moved('corkboard_uploads_total', { type: 'image/png' })).toBe(created)
    expect(moved('corkboard_upload_rejections_total', { reason: 'invalid_type' })).toBe(1)
    expect(moved('corkboard_rate_limit_rejections_total', { limit: 'threadCreate' })).toBeGreaterThanOrEqual(1)
    expect(value(after, 'corkboard_open_sockets')).toBe(1)
    expect(moved('corkboard_db_statement_duration_seconds_count', { kind: 'read', outcome: 'ok' })).toBeGreaterThan(0)
    expect(moved('corkboard_db_statement_duration_seconds_count', { kind: 'write', outcome: 'ok' })).toBeGreaterThan(0)
    expect(moved('corkboard_housekeeping_runs_total', { trigger: 'manual', outcome: 'ok' })).toBe(1)
    expect(after).toMatch(/^nodejs_eventloop_lag_seconds \d/m)
  })

  it('drops a closed socket from the open-socket gauge', async () => {
    for (const s of sockets.splice(0)) s.close()
    await vi.waitFor(async () => expect(value(await scrape(), 'corkboard_open_sockets')).toBe(0))
  })
})
