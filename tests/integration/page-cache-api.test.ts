// The public read API served by the page cache: each cached answer is byte for byte the answer of a server
// without the cache (PAGE_CACHE_MB=0) on the same database, with the same content type, and every write shows on
// the next request of each answer it touches. Banned visitors and callers over their rate limit reach the handler.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { startServer, type TestServer, roomyRateLimits } from '../helpers/server'
import { createStaff, StaffClient } from '../helpers/staff'

let server: TestServer
/** The same database behind a server without the page cache: every answer comes from its handler. */
let plain: TestServer
let admin: StaffClient

beforeAll(async () => {
  const env = { TRUST_PROXY_HOPS: '1', RATE_LIMITS: roomyRateLimits('surveyCreate', 'vote', 'staffWrite') }
  server = await startServer({ env })
  plain = await startServer({
    env: { ...env, PAGE_CACHE_MB: '0' },
    database: server.database,
    dataDir: server.dataDir,
    keep: true,
  })
  const u = await createStaff(server.database, { username: 'apicache', role: 'admin' })
  admin = new StaffClient(server.url, as('10.9.9.9'))
  await admin.login(u.username, u.password)
}, 120_000)
afterAll(async () => {
  await plain?.stop()
  await server?.stop()
})

async function get(base: string, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(base + path, { headers: { 'X-Forwarded-For': '192.0.2.200', ...headers } })
  return {
    status: res.status,
    cache: res.headers.get('x-corkboard-cache'),
    headers: res.headers,
    text: await res.text(),
  }
}

/**
 * The answer of the cached server, asked twice so the second surely comes from memory, against the handler's
 * answer. The first is a MISS unless an earlier test left the answer cached.
 */
async function sameAsHandler(path: string, handler: () => Promise<Awaited<ReturnType<typeof get>>>) {
  const first = await get(server.url, path)
  const hit = await get(server.url, path)
  const direct = await handler()
  expect(first.status, path).toBe(200)
  expect(['MISS', 'HIT'], path).toContain(first.cache)
  expect([hit.status, hit.cache], path).toEqual([200, 'HIT'])
  expect(direct.cache, path).toBeNull()
  expect(hit.text, path).toBe(direct.text)
  expect(hit.headers.get('content-type'), path).toBe(direct.headers.get('content-type'))
  expect(hit.headers.get('content-type'), path).toMatch(/^application\/json/)
  expect(hit.headers.get('cache-control'), path).toBe('no-cache')
  expect(hit.headers.get('etag'), path).toMatch(/^"/)
  expect(
    (await fetch(server.url + path, { headers: { 'If-None-Match': hit.headers.get('etag')! } })).status,
    path,
  ).toBe(304)
  return JSON.parse(hit.text) as Record<string, unknown>
}

/** Same as the uncached server's answer. */
const sameAsPlain = (path: string) => sameAsHandler(path, () => get(plain.url, path))

/** The next answer after a write: rendered again (MISS), and equal to the uncached server's. */
async function afterWrite(path: string) {
  const next = await get(server.url, path)
  expect(next.cache, path).toBe('MISS')
  const direct = await get(plain.url, path)
  expect([next.status, next.text], path).toEqual([direct.status, direct.text])
  return { status: next.status, body: next.status === 200 ? JSON.parse(next.text) : null }
}

async function newThread(board: string, topic: string) {
  const res = await postForm(
    `${server.url}/api/boards/${board}/threads`,
    form({ topic, content: `${topic} opening` }, { name: 'a.png', bytes: await png() }),
    as('192.0.2.10'),
  )
  expect(res.status).toBe(201)
  return { ...(res.body as { threadId: number; postId: number }), cookie: res.headers.get('set-cookie')!.split(';')[0] }
}

async function reply(board: string, threadId: number, content: string) {
  const res = await postForm(
    `${server.url}/api/boards/${board}/threads/${threadId}/posts`,
    form({ content }),
    as('192.0.2.11'),
  )
  expect(res.status).toBe(201)
}

async function writeJson(method: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(server.url + path, {
    method,
    headers: { 'Content-Type': 'application/json', ...as('192.0.2.12'), ...headers },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: await res.json() }
}

type Summary = { id: number; is_sticky: boolean; post_count: number; latestReplies: { content: string }[] }
const threadsOf = (body: { threads?: unknown }) => body.threads as Summary[]

describe('answers from the cache equal the handler’s', () => {
  it('boards, one board, the threads list and one thread', async () => {
    const t = await newThread('tech', 'Cached API thread')
    await reply('tech', t.threadId, 'a reply shown in the list')
    expect(((await sameAsPlain('/api/boards')).boards as unknown[]).length).toBe(12)
    expect((await sameAsPlain('/api/boards/tech')).board).toMatchObject({ id: 'tech' })
    const list = threadsOf(await sameAsPlain('/api/boards/tech/threads'))
    expect(list.find((x) => x.id === t.threadId)?.latestReplies.map((r) => r.content)).toEqual([
      'a reply shown in the list',
    ])
    expect((await sameAsPlain(`/api/boards/tech/threads/${t.threadId}`)).thread).toMatchObject({ post_count: 2 })
  })

  it('poll results and correlations', async () => {
    const t = await newThread('science', 'Cached poll')
    const created = await writeJson(
      'POST',
      `/api/boards/science/threads/${t.threadId}/posts/${t.postId}/survey`,
      { survey_type: 'multiple', question: 'Which editors?', options: ['vim', 'emacs', 'nano'] },
      { Cookie: t.cookie },
    )
    expect(created.status).toBe(201)
    const survey = created.body.survey as { id: number; options: { id: number }[] }
    const vote = () =>
      writeJson(
        'POST',
        `/api/boards/science/surveys/${survey.id}/vote`,
        { option_ids: [survey.options[0].id, survey.options[1].id] },
        as('192.0.2.13'),
      )
    const results = `/api/boards/science/surveys/${survey.id}/results`
    const correlations = `/api/boards/science/surveys/${survey.id}/correlations`
    await sameAsPlain(results)
    expect((await sameAsPlain(correlations)).total_responses).toBe(0)
    expect((await vote()).status).toBe(200)
    expect((await afterWrite(results)).body.results).toMatchObject({ total_responses: 1 })
    expect((await afterWrite(correlations)).body.total_responses).toBe(1)
  })

  it('statistics, against the handler of the same process (its figures are that process’s snapshot)', async () => {
    // A client navigation header sends the request past the cache to the handler.
    const handler = (path: string) => () => get(server.url, path, { RSC: '1' })
    expect(await sameAsHandler('/api/stats', handler('/api/stats'))).toHaveProperty('overall')
    expect(await sameAsHandler('/api/stats/hourly?hours=24', handler('/api/stats/hourly?hours=24'))).toMatchObject({
      hours: 24,
    })
  })

  it('leaves refused queries, unknown resources and per-caller reads to the handler, uncached', async () => {
    const t = await newThread('tech', 'Refusals')
    for (const path of ['/api/boards/tech/threads?x=1', '/api/stats/hourly?hours=0', '/api/stats/hourly?hours=024'])
      expect((await get(server.url, path)).cache, path).toBeNull()
    const missing = await get(server.url, '/api/boards/nosuch/threads')
    expect([missing.status, missing.cache]).toEqual([404, 'MISS'])
    expect((await get(server.url, '/api/boards/nosuch/threads')).cache).toBe('MISS')
    expect((await get(server.url, `/api/boards/tech/threads/${t.threadId}/posts/${t.postId}/survey`)).cache).toBeNull()
  })
})

describe('the thread list’s posts', () => {
  it('are the thread’s posts as its posts API gives them (media, poll, flags), read another way', async () => {
    const t = await newThread('business', 'Same posts both ways')
    await reply('business', t.threadId, 'first reply')
    const created = await writeJson(
      'POST',
      `/api/boards/business/threads/${t.threadId}/posts/${t.postId}/survey`,
      { survey_type: 'single', question: 'Same?', options: ['yes', 'no'] },
      { Cookie: t.cookie },
    )
    expect(created.status).toBe(201)
    const list = threadsOf(await sameAsPlain('/api/boards/business/threads')) as unknown as {
      id: number
      op: { file_info: unknown; survey: unknown }
      latestReplies: unknown[]
    }[]
    const listed = list.find((x) => x.id === t.threadId)!
    const posts = JSON.parse((await get(server.url, `/api/boards/business/threads/${t.threadId}/posts`)).text).posts
    expect([listed.op, ...listed.latestReplies]).toEqual(posts)
    expect(listed.op.file_info).toMatchObject({ name: 'a.png', width: expect.any(Number), size: expect.any(Number) })
    expect(listed.op.survey).toMatchObject({ question: 'Same?', response_count: 0 })
  })
})

describe('a write shows on the next request of each answer it touches', () => {
  it('a reply and a new thread: the threads list and the thread', async () => {
    const t = await newThread('food', 'Listed thread')
    await sameAsPlain('/api/boards/food/threads')
    await sameAsPlain(`/api/boards/food/threads/${t.threadId}`)
    await reply('food', t.threadId, 'fresh reply in the list')
    const list = threadsOf((await afterWrite('/api/boards/food/threads')).body)
    expect(list.find((x) => x.id === t.threadId)?.latestReplies.map((r) => r.content)).toEqual([
      'fresh reply in the list',
    ])
    expect((await afterWrite(`/api/boards/food/threads/${t.threadId}`)).body.thread.post_count).toBe(2)
    await sameAsPlain('/api/boards/food/threads')
    const other = await newThread('food', 'Second listed thread')
    expect(threadsOf((await afterWrite('/api/boards/food/threads')).body)[0].id).toBe(other.threadId)
  })

  it('deletion by the owner: gone from the list, the thread answers 404', async () => {
    const t = await newThread('diy', 'Owner deletes via API')
    await sameAsPlain('/api/boards/diy/threads')
    await sameAsPlain(`/api/boards/diy/threads/${t.threadId}`)
    const deleted = await fetch(`${server.url}/api/boards/diy/threads/${t.threadId}`, {
      method: 'DELETE',
      headers: { Cookie: t.cookie, ...as('192.0.2.10') },
    })
    expect(deleted.status).toBe(200)
    expect(threadsOf((await afterWrite('/api/boards/diy/threads')).body).map((x) => x.id)).not.toContain(t.threadId)
    expect((await afterWrite(`/api/boards/diy/threads/${t.threadId}`)).status).toBe(404)
  })

  it('sticky: the thread and the list show it', async () => {
    const t = await newThread('gaming', 'Pinned via API')
    await newThread('gaming', 'Newer, not pinned')
    await sameAsPlain('/api/boards/gaming/threads')
    await sameAsPlain(`/api/boards/gaming/threads/${t.threadId}`)
    expect((await admin.write('PUT', `/api/admin/boards/gaming/threads/${t.threadId}/sticky`)).status).toBe(200)
    const list = threadsOf((await afterWrite('/api/boards/gaming/threads')).body)
    expect([list[0].id, list[0].is_sticky]).toEqual([t.threadId, true])
    expect((await afterWrite(`/api/boards/gaming/threads/${t.threadId}`)).body.thread.is_sticky).toBe(true)
  })

  it('a board settings change: the board list and the board', async () => {
    await sameAsPlain('/api/boards')
    await sameAsPlain('/api/boards/movies')
    expect((await admin.write('PUT', '/api/admin/boards/movies', { name: 'Cinema' })).status).toBe(200)
    // The uncached server keeps its own board list until it hears of the change (through Redis, not used here).
    const boards = await get(server.url, '/api/boards')
    expect(boards.cache).toBe('MISS')
    expect(JSON.parse(boards.text).boards).toContainEqual(expect.objectContaining({ id: 'movies', name: 'Cinema' }))
    const board = await get(server.url, '/api/boards/movies')
    expect([board.cache, JSON.parse(board.text).board.name]).toEqual(['MISS', 'Cinema'])
  })
})

describe('who reaches the handler', () => {
  it('a visitor banned on the board gets the handler’s 403 for the threads list, others the cached list', async () => {
    const t = await newThread('sports', 'Ban check')
    const banned = '198.51.100.77'
    const list = await sameAsPlain('/api/boards/sports/threads')
    const ban = await admin.write('POST', '/api/admin/bans', {
      ip_address: banned,
      board_id: 'sports',
      reason: 'api cache test',
      expires_at: new Date(Date.now() + 3600_000).toISOString(),
    })
    expect(ban.status).toBe(201)
    const refused = await get(server.url, '/api/boards/sports/threads', { 'X-Forwarded-For': banned })
    expect([refused.status, refused.cache, JSON.parse(refused.text).error]).toEqual([403, null, 'Banned'])
    // Reading one thread is not ban-checked: the handler answers it, as without the cache.
    const thread = await get(server.url, `/api/boards/sports/threads/${t.threadId}`, { 'X-Forwarded-For': banned })
    expect([thread.status, thread.cache]).toEqual([200, null])
    // Everyone may be banned while the ban index reloads; then others get the cached list again.
    let other = await get(server.url, '/api/boards/sports/threads')
    for (let i = 0; i < 100 && other.cache === null; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20))
      other = await get(server.url, '/api/boards/sports/threads')
    }
    expect([other.cache, JSON.parse(other.text)]).toEqual(['HIT', list])
  })
})
