// Board management for admins: create and update with validation, duplicates refused, every change in
// the staff audit log, and the visitor pages — served from the page cache — showing a change on the next request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { startServer, type TestServer, roomyRateLimits } from '../helpers/server'
import { sql } from '../helpers/sql'
import { createStaff, StaffClient } from '../helpers/staff'

let server: TestServer
let admin: StaffClient
/** An address the offline GeoLite2 database places in Great Britain (see posting-threads.test.ts). */
const GB = '81.2.69.142'

beforeAll(async () => {
  server = await startServer({
    env: {
      TRUST_PROXY_HOPS: '1',
      RATE_LIMITS: roomyRateLimits('staffWrite'),
    },
  })
  const u = await createStaff(server.database, { username: 'boardadmin', role: 'admin' })
  admin = new StaffClient(server.url, as('10.2.2.2'))
  expect((await admin.login(u.username, u.password)).status).toBe(200)
})
afterAll(async () => {
  await server?.stop()
})

async function page(path: string) {
  const res = await fetch(server.url + path, { headers: as('192.0.2.201') })
  return { status: res.status, cache: res.headers.get('x-corkboard-cache'), html: await res.text() }
}

/** GETs a page twice, so it is surely in the page cache afterwards. */
async function warm(path: string) {
  await page(path)
  expect((await page(path)).cache, path).toBe('HIT')
}

async function newThread(board: string, ip: string) {
  const res = await postForm(
    `${server.url}/api/boards/${board}/threads`,
    form({ topic: `on ${board}`, content: 'opening' }, { name: 'a.png', bytes: await png() }),
    as(ip),
  )
  expect(res.status).toBe(201)
  return res.body as { threadId: number; postId: number }
}

async function reply(board: string, threadId: number, ip: string) {
  const res = await postForm(
    `${server.url}/api/boards/${board}/threads/${threadId}/posts`,
    form({ content: 'a reply' }),
    as(ip),
  )
  expect(res.status).toBe(201)
  return res.body as { postId: number }
}

/** The HTML of one post as rendered on a page. */
function postHtml(html: string, postId: number): string {
  const start = html.indexOf(`id="post-${postId}"`)
  expect(start, `post ${postId} on the page`).toBeGreaterThan(-1)
  return html.slice(start, html.indexOf('</article>', start))
}

async function auditEntries(boardId: string) {
  const rows = await sql<{ action: string; admin_user_id: number; details: unknown }>(
    server.database,
    'SELECT action, admin_user_id, details FROM staff_audit_log WHERE target = ? ORDER BY id',
    `board:${boardId}`,
  )
  return rows.map((r) => ({
    ...r,
    admin_user_id: Number(r.admin_user_id),
    details: typeof r.details === 'string' ? JSON.parse(r.details) : r.details,
  }))
}

describe('GET /api/admin/boards', () => {
  it('lists every board with its settings and live thread count', async () => {
    await newThread('fitness', '192.0.2.1')
    const res = await admin.request('GET', '/api/admin/boards')
    expect(res.status).toBe(200)
    expect(res.body.boards.map((b: { id: string }) => b.id)).toEqual(
      [...res.body.boards.map((b: { id: string }) => b.id)].sort(),
    )
    expect(res.body.boards.find((b: { id: string }) => b.id === 'fitness')).toMatchObject({
      id: 'fitness',
      name: 'Fitness',
      description: 'Fitness and Health',
      nsfw: false,
      thread_ids_enabled: false,
      country_flags_enabled: false,
      thread_count: 1,
    })
  })
})

describe('POST /api/admin/boards', () => {
  it('creates a board that takes posts, is listed publicly and shows on the home page at once', async () => {
    await warm('/')
    const res = await admin.write('POST', '/api/admin/boards', {
      id: 'music',
      name: '  Music  ',
      description: 'Bands, albums\r\nand gigs',
      country_flags_enabled: true,
    })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({
      message: 'Board created successfully',
      board: {
        id: 'music',
        name: 'Music',
        description: 'Bands, albums\nand gigs',
        nsfw: false,
        thread_ids_enabled: false,
        country_flags_enabled: true,
        threads_per_page: 15,
        captcha: 'off',
      },
    })
    const boards = (await (await fetch(`${server.url}/api/boards`)).json()).boards
    expect(boards.map((b: { id: string }) => b.id)).toContain('music')
    expect(boards.map((b: { id: string }) => b.id)).toEqual([...boards.map((b: { id: string }) => b.id)].sort())
    expect((await (await fetch(`${server.url}/api/boards/music`)).json()).board).toEqual(res.body.board)

    const home = await page('/')
    expect(home.cache).not.toBe('HIT')
    expect(home.html).toContain('href="/board/music"')

    const t = await newThread('music', GB)
    const posts = (await (await fetch(`${server.url}/api/boards/music/threads/${t.threadId}/posts`)).json()).posts
    expect(posts[0]).toMatchObject({ board_id: 'music', country_code: 'GB', thread_user_id: null })
    expect((await page('/board/music')).html).toContain('on music')

    expect(await auditEntries('music')).toEqual([
      { action: 'board_created', admin_user_id: expect.any(Number), details: res.body.board },
    ])
  })

  it('reports every invalid field with its message', async () => {
    const res = await admin.write('POST', '/api/admin/boards', {
      id: 'Not Valid',
      name: '   ',
      description: 'd'.repeat(201),
      nsfw: 'yes',
    })
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('Validation failed')
    expect(res.body.details).toEqual(
      expect.arrayContaining([
        { field: 'id', message: 'Board ID must be 1–10 lowercase letters or digits' },
        { field: 'name', message: 'Name is required' },
        { field: 'description', message: 'Description must be 200 characters or less' },
        { field: 'nsfw', message: 'nsfw must be true or false' },
      ]),
    )
    expect(res.body.details).toHaveLength(4)

    const missing = await admin.write('POST', '/api/admin/boards', {})
    expect(missing.body.details).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Name is required' },
        { field: 'id', message: 'Board ID is required' },
      ]),
    )
    expect(missing.body.details).toHaveLength(2)
    // 50 code points are allowed (an emoji counts once), 51 are not; ids are at most 10 characters.
    expect((await admin.write('POST', '/api/admin/boards', { id: 'emoji', name: '😀'.repeat(50) })).status).toBe(201)
    expect(
      (await admin.write('POST', '/api/admin/boards', { id: 'emoji2', name: 'n'.repeat(51) })).body.details,
    ).toEqual([{ field: 'name', message: 'Name must be 50 characters or less' }])
    expect((await admin.write('POST', '/api/admin/boards', { id: 'abcdefghijk', name: 'Long' })).body.details).toEqual([
      { field: 'id', message: 'Board ID must be 1–10 lowercase letters or digits' },
    ])
    expect((await fetch(`${server.url}/api/boards/abcdefghij`)).status).toBe(404)
  })

  it('refuses an id that exists', async () => {
    const res = await admin.write('POST', '/api/admin/boards', { id: 'tech', name: 'Another tech' })
    expect(res).toMatchObject({ status: 409, body: { error: 'Board already exists' } })
    expect((await (await fetch(`${server.url}/api/boards/tech`)).json()).board.name).toBe('Technology')
  })
})

describe('PUT /api/admin/boards/{boardId}', () => {
  it('changes only the fields sent and records what changed', async () => {
    const res = await admin.write('PUT', '/api/admin/boards/movies', {
      description: 'Film, TV and streaming',
      nsfw: true,
    })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      message: 'Board updated successfully',
      board: {
        id: 'movies',
        name: 'Movies',
        description: 'Film, TV and streaming',
        nsfw: true,
        thread_ids_enabled: false,
        country_flags_enabled: false,
        threads_per_page: 15,
        captcha: 'off',
      },
    })
    expect((await (await fetch(`${server.url}/api/boards/movies`)).json()).board).toEqual(res.body.board)
    expect(await auditEntries('movies')).toEqual([
      {
        action: 'board_updated',
        admin_user_id: expect.any(Number),
        details: {
          description: { from: 'Film and Television', to: 'Film, TV and streaming' },
          nsfw: { from: false, to: true },
        },
      },
    ])
  })

  it('answers 404 for unknown or malformed boards and 400 for bad or empty changes', async () => {
    expect(await admin.write('PUT', '/api/admin/boards/nosuch', { name: 'X' })).toMatchObject({
      status: 404,
      body: { error: 'Board not found' },
    })
    expect(await admin.write('PUT', '/api/admin/boards/NO-SUCH', { name: 'X' })).toMatchObject({
      status: 404,
      body: { error: 'Board not found' },
    })
    expect(await admin.write('PUT', '/api/admin/boards/food', {})).toMatchObject({
      status: 400,
      body: { error: 'No valid fields to update' },
    })
    expect(await admin.write('PUT', '/api/admin/boards/food', { name: '' })).toMatchObject({
      status: 400,
      body: { details: [{ field: 'name', message: 'Name is required' }] },
    })
    expect(await admin.write('PUT', '/api/admin/boards/food', { country_flags_enabled: 1 })).toMatchObject({
      status: 400,
      body: { details: [{ field: 'country_flags_enabled', message: 'country_flags_enabled must be true or false' }] },
    })
    expect((await admin.request('GET', '/api/admin/boards/food')).status).toBe(405)
  })

  it('turning flags on: a new post on the board shows its flag on the next board page render', async () => {
    const t = await newThread('tech', GB)
    await warm('/board/tech')
    expect(await admin.write('PUT', '/api/admin/boards/tech', { country_flags_enabled: true })).toMatchObject({
      status: 200,
      body: { board: { country_flags_enabled: true } },
    })
    const r = await reply('tech', t.threadId, GB)

    const board = await page('/board/tech')
    expect(board.cache).not.toBe('HIT')
    expect(postHtml(board.html, r.postId)).toMatch(/<img src="\/flags\/4x3\/gb.svg" alt="GB"/)
    // The opening post was made with flags off and keeps no country.
    expect(postHtml(board.html, t.postId)).not.toContain('/flags/')
    expect(postHtml((await page(`/board/tech/thread/${t.threadId}`)).html, r.postId)).toContain('/flags/4x3/gb.svg')
  })

  it('a settings change alone drops the cached board and thread pages (flags of stored posts hide and show again)', async () => {
    const t = await newThread('science', GB) // science has flags on: the post stores GB
    for (const path of ['/board/science', `/board/science/thread/${t.threadId}`]) {
      await warm(path)
      expect(postHtml((await page(path)).html, t.postId), path).toContain('/flags/4x3/gb.svg')
    }
    await admin.write('PUT', '/api/admin/boards/science', { country_flags_enabled: false })
    for (const path of ['/board/science', `/board/science/thread/${t.threadId}`]) {
      const after = await page(path)
      expect(after.cache, path).not.toBe('HIT')
      expect(postHtml(after.html, t.postId), path).not.toContain('/flags/')
      await warm(path)
    }
    await admin.write('PUT', '/api/admin/boards/science', { country_flags_enabled: true })
    for (const path of ['/board/science', `/board/science/thread/${t.threadId}`]) {
      expect(postHtml((await page(path)).html, t.postId), path).toContain('/flags/4x3/gb.svg')
    }
  })

  it('a name change shows on the home page and the board page at the next request', async () => {
    await warm('/')
    await warm('/board/gaming')
    expect((await admin.write('PUT', '/api/admin/boards/gaming', { name: 'Video Games Club' })).status).toBe(200)
    const home = await page('/')
    expect(home.cache).not.toBe('HIT')
    expect(home.html).toContain('Video Games Club')
    expect((await page('/board/gaming')).html).toContain('Video Games Club')
  })

  it('saving unchanged settings records nothing and keeps the cached pages', async () => {
    await warm('/board/diy')
    const before = await auditEntries('diy')
    const res = await admin.write('PUT', '/api/admin/boards/diy', { name: 'Do It Yourself', nsfw: false })
    expect(res.status).toBe(200)
    expect(await auditEntries('diy')).toEqual(before)
    expect((await page('/board/diy')).cache).toBe('HIT')
  })
})
