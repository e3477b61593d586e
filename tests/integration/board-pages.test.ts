// Board index pages (?page=N, threads_per_page per board), the archive of dead threads, and real 404s for every
// address that names nothing: crawlers must never index a "not found" text served with 200.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { startServer, type TestServer, roomyRateLimits } from '../helpers/server'
import { insertFillerThreads, sql } from '../helpers/sql'
import { loggedInAdmin, type StaffClient } from '../helpers/staff'

let server: TestServer
let admin: StaffClient
let ipCounter = 0
const freshIp = () => `198.51.100.${++ipCounter}`

beforeAll(async () => {
  server = await startServer({
    env: {
      TRUST_PROXY_HOPS: '1',
      RATE_LIMITS: roomyRateLimits(),
    },
  })
  admin = await loggedInAdmin(server)
})
afterAll(async () => {
  await server?.stop()
})

async function page(path: string) {
  const res = await fetch(server.url + path, { headers: as('192.0.2.77') })
  return { status: res.status, cache: res.headers.get('x-corkboard-cache'), text: await res.text() }
}

async function newThread(board: string, topic: string): Promise<number> {
  const res = await postForm(
    `${server.url}/api/boards/${board}/threads`,
    form({ topic, content: `Opening post of ${topic}` }, { name: 'a.png', bytes: await png() }),
    as(freshIp()),
  )
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.threadId
}

async function reply(board: string, threadId: number, content: string) {
  const res = await postForm(
    `${server.url}/api/boards/${board}/threads/${threadId}/posts`,
    form({ content }),
    as(freshIp()),
  )
  expect(res.status, JSON.stringify(res.body)).toBe(201)
}

/** Thread topics in the order the page lists them. */
const topicsOn = (html: string) =>
  [...html.matchAll(/data-thread-id="\d+"[\s\S]*?<h2[^>]*><a[^>]*>([^<]+)<\/a>/g)].map((m) => m[1])

describe('board pages', () => {
  const board = 'pagesa'
  beforeAll(async () => {
    expect((await admin.write('POST', '/api/admin/boards', { id: board, name: 'Pages' })).status).toBe(201)
    // Oldest first, so thread 40 is bumped last and leads page 1.
    for (let i = 1; i <= 40; i++) await newThread(board, `Topic ${String(i).padStart(2, '0')}`)
  })

  it('splits 40 threads into pages of 15 in board order, with page links top and bottom', async () => {
    const first = await page(`/board/${board}`)
    expect(first.status).toBe(200)
    expect(topicsOn(first.text)).toEqual(
      Array.from({ length: 15 }, (_, i) => `Topic ${String(40 - i).padStart(2, '0')}`),
    )
    expect(first.text.match(/aria-label="Pages \((top|bottom)\)"/g)).toHaveLength(2)
    expect(first.text).toContain(`href="/board/${board}?page=3"`)
    const second = await page(`/board/${board}?page=2`)
    expect(topicsOn(second.text)).toEqual(
      Array.from({ length: 15 }, (_, i) => `Topic ${String(25 - i).padStart(2, '0')}`),
    )
    const third = await page(`/board/${board}?page=3`)
    expect(topicsOn(third.text)).toHaveLength(10)
    expect((await page(`/board/${board}?page=1`)).status).toBe(200)
    expect((await page(`/board/${board}?page=4`)).status).toBe(404)
  })

  it('keeps each page in the page cache and moves a bumped thread to page 1 on the next request', async () => {
    await page(`/board/${board}?page=3`)
    expect((await page(`/board/${board}?page=3`)).cache).toBe('HIT')
    expect(topicsOn((await page(`/board/${board}?page=3`)).text)).toContain('Topic 01')
    const [{ id }] = await sql<{ id: number }>(
      server.database,
      'SELECT id FROM threads WHERE board_id = ? AND topic = ?',
      board,
      'Topic 01',
    )
    await reply(board, Number(id), 'bump from the last page')
    expect(topicsOn((await page(`/board/${board}?page=3`)).text)).not.toContain('Topic 01')
    expect(topicsOn((await page(`/board/${board}`)).text)[0]).toBe('Topic 01')
  })

  it('takes its page size from the board setting, validated', async () => {
    expect((await admin.write('PUT', `/api/admin/boards/${board}`, { threads_per_page: 25 })).body.board).toMatchObject(
      { threads_per_page: 25 },
    )
    expect(topicsOn((await page(`/board/${board}`)).text)).toHaveLength(25)
    expect((await page(`/board/${board}?page=2`)).status).toBe(200)
    expect((await page(`/board/${board}?page=3`)).status).toBe(404)
    for (const bad of [0, 101, 2.5, '15']) {
      const res = await admin.write('PUT', `/api/admin/boards/${board}`, { threads_per_page: bad })
      expect(res.status, String(bad)).toBe(400)
      expect(res.body.details[0].field).toBe('threads_per_page')
    }
    expect(
      (await admin.request('GET', '/api/admin/boards')).body.boards.find((b: { id: string }) => b.id === board)
        .threads_per_page,
    ).toBe(25)
  })
})

describe('archive', () => {
  const board = 'archivea'
  beforeAll(async () => {
    expect((await admin.write('POST', '/api/admin/boards', { id: board, name: 'Archive' })).status).toBe(201)
  })

  it('lists a thread once it dies, newest first, with its excerpt, replies and the time left; the board links to it', async () => {
    const live = await page(`/board/${board}`)
    expect(live.text).toContain(`href="/board/${board}/archive"`)
    expect((await page(`/board/${board}/archive`)).text).toContain('No archived threads.')
    // 100 live threads fill the board; the oldest dies when one more arrives (inserted directly).
    const old = new Date(Date.now() - 3600_000)
    await insertFillerThreads(server.database, board, 100, old, 2)
    const [oldest] = await sql<{ id: number }>(
      server.database,
      `SELECT id FROM threads WHERE board_id = ? AND topic = 'filler 0'`,
      board,
    )
    await sql(
      server.database,
      `INSERT INTO posts (thread_id, board_id, content, created_at, is_op, dont_bump, color, ip_address, owner_key_hash)
      VALUES (?, ?, ?, ?, ?, ?, 'black', '203.0.113.250', 'x')`,
      oldest.id,
      board,
      'The oldest words [spoiler]the secret[/spoiler] here',
      old,
      true,
      false,
    )
    await page(`/board/${board}/archive`) // cached before the death: the death must still show on the next request
    await newThread(board, 'The newcomer')
    const archive = await page(`/board/${board}/archive`)
    expect(archive.status).toBe(200)
    expect(archive.text).toContain('filler 0')
    expect(archive.text).toContain(`href="/board/${board}/thread/${oldest.id}"`)
    expect(archive.text).toContain('The oldest words [spoiler] here')
    expect(archive.text).not.toContain('the secret')
    expect(archive.text).toMatch(/in (47|48) hours/)
    expect((await page(`/board/${board}/thread/${oldest.id}`)).status).toBe(200)
  })
})

describe('real status codes', () => {
  it('answers 404 for every address that names nothing, and 200 for the files browsers ask for on their own', async () => {
    const threadId = await newThread('tech', 'A real thread')
    // A dead thread past its time is deleted by housekeeping: afterwards its address names nothing.
    const gone = await newThread('tech', 'Archived then deleted')
    await sql(server.database, 'DELETE FROM posts WHERE thread_id = ?', gone)
    await sql(server.database, 'DELETE FROM threads WHERE id = ?', gone)
    const missing = [
      '/board/nope',
      '/board/nope?page=2',
      '/board/nope/archive',
      '/board/nope/create-thread',
      `/board/nope/thread/${threadId}`,
      '/board/TECH',
      '/board/tech?page=0',
      '/board/tech?page=99',
      '/board/tech?page=abc',
      '/board/tech?page=2&page=3',
      '/board/tech?page=-1',
      '/board/tech/thread/999999',
      '/board/tech/thread/abc',
      '/board/tech/thread/0',
      `/board/anime/thread/${threadId}`,
      `/board/tech/thread/${gone}`,
      '/board/tech/archive/1',
      '/post/999999',
      '/post/abc',
      '/no/such/page',
    ]
    for (const path of missing) {
      const res = await page(path)
      expect(res.status, path).toBe(404)
      expect(res.text, path).toContain('Page Not Found')
    }
    for (const path of [
      '/board/tech',
      `/board/tech/thread/${threadId}`,
      '/board/tech/archive',
      '/board/tech/create-thread',
    ]) {
      expect((await page(path)).status, path).toBe(200)
    }
    for (const [path, type] of [
      ['/favicon.ico', 'image/x-icon'],
      ['/apple-touch-icon.png', 'image/png'],
      ['/manifest.webmanifest', 'application/manifest+json'],
    ]) {
      const res = await fetch(server.url + path)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('content-type'), path).toContain(type)
    }
    const manifest = await (await fetch(`${server.url}/manifest.webmanifest`)).json()
    expect(manifest).toMatchObject({ name: 'Corkboard' })
    const home = await page('/')
    expect(home.text).toContain('rel="manifest" href="/manifest.webmanifest"')
    expect(home.text).toContain('rel="apple-touch-icon" href="/apple-touch-icon.png"')
  })
})
