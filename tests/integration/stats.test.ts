// Public statistics: a scripted burst of visits and posts counted exactly; what is and is not
// a page view; the hourly series; no raw address kept; and roll-ups that leave every figure unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, form, postForm } from '../helpers/http'
import { useServerConfig } from '../helpers/in-process'
import { png } from '../helpers/media'
import { startServer, type TestServer, roomyRateLimits } from '../helpers/server'
import { sql } from '../helpers/sql'

// Addresses the bundled GeoLite2 database places in these countries (1.1.1.1 has no country).
const DE_1 = '5.9.0.1',
  DE_2 = '46.4.0.1',
  GB = '81.2.69.160',
  US = '8.8.8.8',
  NOWHERE = '1.1.1.1'

let server: TestServer
beforeAll(async () => {
  server = await startServer({
    env: {
      TRUST_PROXY_HOPS: '1',
      STATS_REFRESH_SECONDS: '0',
      RATE_LIMITS: roomyRateLimits(),
    },
  })
  useServerConfig(server)
})
afterAll(async () => {
  await (await import('@/lib/db/client')).closeDb()
  await server?.stop()
})

const get = (path: string, ip: string, headers: Record<string, string> = {}, method = 'GET') =>
  fetch(`${server.url}${path}`, { method, headers: as(ip, headers) }).then(async (r) => ({
    status: r.status,
    etag: r.headers.get('etag'),
    text: await r.text(),
  }))
const api = async (path: string) => {
  const res = await fetch(`${server.url}${path}`)
  return { status: res.status, body: await res.json() }
}

describe('a scripted burst', () => {
  let burst: { tech: number; science: number }
  beforeAll(async () => {
    // Page views: DE_1 ×3 (one a 304 revalidation), DE_2 ×1, GB ×2, US ×1 (a client-side navigation), NOWHERE ×1.
    await get('/', DE_1)
    const board = await get('/board/tech', DE_1)
    expect((await get('/board/tech', DE_1, { 'If-None-Match': board.etag! })).status).toBe(304)
    await get('/board/science', DE_2)
    await get('/rules', GB)
    await get('/contact', GB)
    expect((await get('/board/tech', US, { RSC: '1' })).status).toBe(200)
    await get('/stats', NOWHERE)
    // Not page views: HEAD, API calls, prefetches, unknown pages and boards, static assets, staff pages.
    await get('/', US, {}, 'HEAD')
    await get('/api/boards', US)
    await get('/board/tech', US, { RSC: '1', 'Next-Router-Prefetch': '1' })
    await get('/no/such/page', US)
    await get('/board/nosuch', US)
    await get('/robots.txt', US)
    await get('/admin/login', US)

    // Posts: DE_1 a thread and DE_2 two replies on tech; GB a thread on science; NOWHERE a reply on science.
    const image = { name: 'a.png', bytes: await png(), type: 'image/png' }
    const t1 = await postForm(
      `${server.url}/api/boards/tech/threads`,
      form({ topic: 'Stats', content: 'one' }, image),
      as(DE_1),
    )
    expect(t1.status).toBe(201)
    for (const content of ['two', 'three']) {
      expect(
        (await postForm(`${server.url}/api/boards/tech/threads/${t1.body.threadId}/posts`, form({ content }), as(DE_2)))
          .status,
      ).toBe(201)
    }
    const t2 = await postForm(
      `${server.url}/api/boards/science/threads`,
      form({ topic: 'More', content: 'four' }, image),
      as(GB),
    )
    expect(
      (
        await postForm(
          `${server.url}/api/boards/science/threads/${t2.body.threadId}/posts`,
          form({ content: 'five' }),
          as(NOWHERE),
        )
      ).status,
    ).toBe(201)
    // A refused post (no content) is not a post.
    expect(
      (
        await postForm(
          `${server.url}/api/boards/science/threads/${t2.body.threadId}/posts`,
          form({ content: ' ' }),
          as(GB),
        )
      ).status,
    ).toBe(400)
    burst = { tech: 3, science: 2 }
  })

  it('counts unique visitors, posts per board and countries exactly', async () => {
    const { status, body } = await api('/api/stats')
    expect(status).toBe(200)
    expect(body.overall).toEqual({
      uniqueVisitorsLifetime: 5,
      uniqueVisitorsMonth: 5,
      uniqueVisitorsDay: 5,
      uniqueVisitorsHour: 5,
    })
    expect(body.boards).toHaveLength(12)
    expect(body.boards.slice(0, 2)).toEqual([
      {
        boardId: 'tech',
        boardName: 'Technology',
        postsHour: burst.tech,
        postsDay: burst.tech,
        postsMonth: burst.tech,
        postsLifetime: burst.tech,
      },
      {
        boardId: 'science',
        boardName: 'Science',
        postsHour: burst.science,
        postsDay: burst.science,
        postsMonth: burst.science,
        postsLifetime: burst.science,
      },
    ])
    // Boards without posts follow in id order with zeros.
    expect(body.boards.slice(2).map((b: { boardId: string }) => b.boardId)).toEqual([
      'anime',
      'business',
      'diy',
      'fitness',
      'food',
      'gaming',
      'movies',
      'politics',
      'random',
      'sports',
    ])
    expect(body.boards[2]).toEqual({
      boardId: 'anime',
      boardName: 'Anime',
      postsHour: 0,
      postsDay: 0,
      postsMonth: 0,
      postsLifetime: 0,
    })
    expect(body.countries.views).toEqual([
      { countryCode: 'DE', countryName: 'Germany', uniqueVisitors: 2, totalViews: 4 },
      { countryCode: 'GB', countryName: 'United Kingdom', uniqueVisitors: 1, totalViews: 2 },
      { countryCode: 'US', countryName: 'United States of America', uniqueVisitors: 1, totalViews: 1 },
    ])
    expect(body.countries.posts).toEqual([
      { countryCode: 'DE', countryName: 'Germany', uniquePosters: 2, totalPosts: 3 },
      { countryCode: 'GB', countryName: 'United Kingdom', uniquePosters: 1, totalPosts: 1 },
    ])
    expect(Date.now() - Date.parse(body.lastUpdated)).toBeLessThan(60_000)
  })

  it('gives the hourly series with exactly `hours` zero-filled entries ending at the current hour', async () => {
    for (const hours of [24, 48, 168]) {
      const { status, body } = await api(`/api/stats/hourly?hours=${hours}`)
      expect(status).toBe(200)
      expect(body.hours).toBe(hours)
      expect(body.data.views).toHaveLength(hours)
      expect(body.data.posts).toHaveLength(hours)
      const current = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000).toISOString()
      // The burst may straddle an hour boundary: compare totals, and the newest hour is this one (or just past).
      expect([current, new Date(Date.parse(current) - 3_600_000).toISOString()]).toContain(body.data.views.at(-1).hour)
      expect(body.data.views.reduce((n: number, v: { page_views: number }) => n + v.page_views, 0)).toBe(8)
      expect(body.data.posts.reduce((n: number, p: { posts_count: number }) => n + p.posts_count, 0)).toBe(5)
      const hoursSeen = body.data.views.map((v: { hour: string }) => Date.parse(v.hour))
      expect(hoursSeen.every((h: number, i: number) => i === 0 || h - hoursSeen[i - 1] === 3_600_000)).toBe(true)
    }
    expect((await api('/api/stats/hourly')).body.hours).toBe(24)
  })

  it('refuses hours outside 1–168', async () => {
    for (const bad of ['0', '169', 'abc', '1.5', '-3', '']) {
      const { status, body } = await api(`/api/stats/hourly?hours=${bad}`)
      expect(status).toBe(400)
      expect(body).toEqual({
        error: 'Validation failed',
        details: [{ field: 'hours', message: 'hours must be a whole number from 1 to 168' }],
      })
    }
  })

  it('keeps no raw address: only daily-salted hashes', async () => {
    const views = await sql(server.database, 'SELECT * FROM stats_page_views')
    const posts = await sql(server.database, 'SELECT * FROM stats_post_events')
    // Views by one visitor of one board in one minute share a row.
    expect(views.reduce((n, r) => n + Number(r.views), 0)).toBe(8)
    expect(posts).toHaveLength(5)
    const rows = [...views, ...posts]
    const stored = JSON.stringify(rows)
    for (const ip of [DE_1, DE_2, GB, US, NOWHERE]) expect(stored).not.toContain(ip)
    const hashes = new Set(rows.map((r) => r.visitor_hash))
    expect(hashes.size).toBe(5)
    for (const h of hashes) expect(h).toMatch(/^[0-9a-f]{64}$/)
    expect(await sql(server.database, "SELECT name FROM secrets WHERE name LIKE 'stats_salt:%'")).toEqual([
      { name: `stats_salt:${new Date().toISOString().slice(0, 10)}` },
    ])
  })

  it('serves the figures on /stats to readers without JavaScript', async () => {
    const page = await get('/stats', NOWHERE)
    expect(page.status).toBe(200)
    expect(page.text).toContain('Site Statistics')
    expect(page.text).toContain('Statistics are updated every 5 minutes. All data is anonymized.')
    expect(page.text).toMatch(/data-testid="board-row-tech".*?>3<\/td>/s)
  })
})

describe('roll-ups and clean-up', () => {
  // Raw rows spread over 41 days before `now`; the figures must be the same before and after rolling them up.
  const now = new Date('2030-01-10T12:30:00.000Z')
  const minute = (iso: string) => Math.floor(Date.parse(iso) / 60_000)
  const view = (iso: string, hash: string, countryCode: string | null, boardId: string | null = null) => ({
    createdAt: new Date(iso),
    minute: minute(iso),
    boardId,
    countryCode,
    visitorHash: hash,
  })
  const post = (iso: string, hash: string, boardId: string, countryCode: string | null) => ({
    createdAt: new Date(iso),
    minute: minute(iso),
    boardId,
    countryCode,
    visitorHash: hash,
  })

  it('rolls complete days up, deletes raw rows past 35 days and past salts, and changes no figure', async () => {
    const { getDb } = await import('@/lib/db/client')
    const { computeOverview, computeHourly } = await import('@/lib/stats/compute')
    const { cleanupStats } = await import('@/lib/stats/cleanup')
    const db = await getDb()
    // Computing the statistics makes the server write the page views it still holds; then start from nothing.
    expect((await api('/api/stats')).status).toBe(200)
    await db.pageView.deleteMany({})
    await db.postEvent.deleteMany({})
    await db.secret.deleteMany({ where: { name: { startsWith: 'stats_salt:' } } })
    await db.pageView.createMany({
      data: [
        view('2029-12-01T10:00:00.000Z', 'h1', 'DE'),
        view('2029-12-01T11:00:00.000Z', 'h1', 'DE'),
        view('2029-12-01T12:00:00.000Z', 'h2', 'GB'),
        view('2029-12-31T08:00:00.000Z', 'h3', 'DE', 'tech'),
        view('2029-12-31T08:10:00.000Z', 'h3', 'DE', 'tech'),
        view('2029-12-31T09:00:00.000Z', 'h3', 'DE'),
        view('2030-01-09T23:50:00.000Z', 'h4', 'US'),
        view('2030-01-10T01:00:00.000Z', 'h5', 'GB'),
        view('2030-01-10T02:00:00.000Z', 'h4-today', 'US'),
        view('2030-01-10T12:00:00.000Z', 'h6', null),
      ],
    })
    await db.postEvent.createMany({
      data: [
        post('2029-12-01T10:05:00.000Z', 'h1', 'tech', 'DE'),
        post('2029-12-31T08:05:00.000Z', 'h3', 'tech', 'DE'),
        post('2029-12-31T08:06:00.000Z', 'h3', 'science', 'DE'),
        post('2030-01-09T23:55:00.000Z', 'h4', 'science', 'US'),
        post('2030-01-10T12:10:00.000Z', 'h6', 'tech', null),
      ],
    })
    await db.secret.createMany({
      data: [
        { name: 'stats_salt:2030-01-08', value: 'x' },
        { name: 'stats_salt:2030-01-09', value: 'y' },
        { name: 'stats_salt:2030-01-10', value: 'z' },
      ],
    })

    const before = await computeOverview(now)
    expect(before.overall).toEqual({
      uniqueVisitorsLifetime: 7,
      uniqueVisitorsMonth: 5,
      uniqueVisitorsDay: 4,
      uniqueVisitorsHour: 1,
    })
    const tech = before.boards.find((b) => b.boardId === 'tech')!
    expect(tech).toMatchObject({ postsHour: 1, postsDay: 1, postsMonth: 2, postsLifetime: 3 })
    expect(before.countries.views.map((c) => [c.countryCode, c.uniqueVisitors, c.totalViews])).toEqual([
      ['US', 2, 2],
      ['DE', 1, 3],
      ['GB', 1, 1],
    ])
    const hourlyBefore = await computeHourly(now)

    const result = await cleanupStats(now)
    // Hours from 2029-12-01 10:00 to 2030-01-10 11:00 and days from 2029-12-01 to 2030-01-09 are complete, empty ones
    // included (962 hours, 40 days). Rows of 2029-12-01 are past 35 days.
    expect(result).toEqual({ hoursRolledUp: 962, daysRolledUp: 40, rowsDeleted: 4, saltsDiscarded: 2 })
    expect(await db.statsDaily.count()).toBe(40)
    expect(await db.statsHourly.count()).toBe(962)
    expect(await db.pageView.count()).toBe(7)
    expect((await db.secret.findMany({ where: { name: { startsWith: 'stats_salt:' } } })).map((s) => s.name)).toEqual([
      'stats_salt:2030-01-10',
    ])

    const after = await computeOverview(now)
    expect({ ...after, lastUpdated: null }).toEqual({ ...before, lastUpdated: null })
    expect(await computeHourly(now)).toEqual(hourlyBefore)
    // A second run has nothing left to do.
    expect(await cleanupStats(now)).toEqual({ hoursRolledUp: 0, daysRolledUp: 0, rowsDeleted: 0, saltsDiscarded: 0 })
    expect({ ...(await computeOverview(now)), lastUpdated: null }).toEqual({ ...before, lastUpdated: null })
  })
})
