// The page cache: public pages come from memory with ETags and 304s, and every kind of write shows on
// the very next request of each page it touches (a thread's posts API too). Banned visitors never get a cached
// board, thread or posts API answer.
import { get } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { startServer, type TestServer, roomyRateLimits } from '../helpers/server'
import { sql } from '../helpers/sql'
import { createStaff, StaffClient } from '../helpers/staff'

let server: TestServer
let admin: StaffClient
let ips = 0
/** A fresh reader address per call, so no test depends on another's bans. */
const reader = () => `203.0.113.${++ips}`

beforeAll(async () => {
  server = await startServer({
    env: {
      TRUST_PROXY_HOPS: '1',
      RATE_LIMITS: roomyRateLimits('surveyCreate', 'vote', 'staffWrite'),
    },
  })
  const u = await createStaff(server.database, { username: 'cachemod', role: 'admin' })
  admin = new StaffClient(server.url, as('10.9.9.9'))
  await admin.login(u.username, u.password)
})
afterAll(async () => {
  await server?.stop()
})

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(server.url + path, { headers: { 'X-Forwarded-For': '192.0.2.200', ...headers } })
  return {
    status: res.status,
    cache: res.headers.get('x-corkboard-cache'),
    etag: res.headers.get('etag'),
    headers: res.headers,
    text: await res.text(),
  }
}

/** The bytes as sent (fetch would decompress them). */
function rawGet(
  path: string,
  headers: Record<string, string>,
): Promise<{ headers: Record<string, string | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(server.url + path, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () =>
        resolve({ headers: res.headers as Record<string, string | undefined>, body: Buffer.concat(chunks) }),
      )
    }).on('error', reject)
  })
}

/** A thread's posts API answer (parsed) and how it was served. */
async function postsApi(board: string, threadId: number, query = '') {
  const res = await page(`/api/boards/${board}/threads/${threadId}/posts${query}`)
  return {
    ...res,
    body: JSON.parse(res.text) as {
      posts: { id: number; content: string; color: string; isBanned: boolean; survey: unknown }[]
      thread: { is_sticky: boolean; is_dead: boolean; post_count: number }
    },
  }
}

/** GETs a page twice, so the second answer surely comes from the cache. */
async function cached(path: string) {
  await page(path)
  const second = await page(path)
  expect(second.cache, path).toBe('HIT')
  return second
}

async function newThread(board: string, topic: string, ip = '192.0.2.10') {
  const res = await postForm(
    `${server.url}/api/boards/${board}/threads`,
    form({ topic, content: `${topic} opening` }, { name: 'a.png', bytes: await png() }),
    as(ip),
  )
  expect(res.status).toBe(201)
  return { ...(res.body as { threadId: number; postId: number }), cookie: res.headers.get('set-cookie')!.split(';')[0] }
}

async function reply(board: string, threadId: number, content: string, headers: Record<string, string> = {}) {
  const res = await postForm(`${server.url}/api/boards/${board}/threads/${threadId}/posts`, form({ content }), {
    ...as('192.0.2.11'),
    ...headers,
  })
  expect(res.status).toBe(201)
  return res.body as { postId: number }
}

const json = async (method: string, path: string, body: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(server.url + path, {
    method,
    headers: { 'Content-Type': 'application/json', ...as('192.0.2.12'), ...headers },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: await res.json() }
}

describe('serving', () => {
  it('serves public pages from memory with an ETag, a 304 on revalidation and compressed bodies', async () => {
    const first = await page('/rules')
    expect(first.cache).toBe('MISS')
    const hit = await page('/rules')
    expect(hit).toMatchObject({ status: 200, cache: 'HIT', text: first.text })
    expect(hit.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=5, must-revalidate')
    expect(hit.headers.get('content-type')).toMatch(/^text\/html/)
    const revalidated = await fetch(server.url + '/rules', { headers: { 'If-None-Match': hit.etag! } })
    expect(revalidated.status).toBe(304)
    const gz = await rawGet('/rules', { 'Accept-Encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.body).toString()).toBe(first.text)
    expect((await fetch(server.url + '/rules', { headers: { 'If-None-Match': gz.headers.etag! } })).status).toBe(304)
    const br = await rawGet('/rules', { 'Accept-Encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.body).toString()).toBe(first.text)
    const head = await fetch(server.url + '/rules', { method: 'HEAD' })
    expect([head.status, head.headers.get('x-corkboard-cache')]).toEqual([200, 'HIT'])
  })

  it('serves a thread’s posts API from memory too, each accepted query on its own, never for a shared cache', async () => {
    const t = await newThread('food', 'API readers')
    const direct = await postsApi('food', t.threadId)
    expect([direct.status, direct.cache]).toEqual([200, 'MISS'])
    const hit = await postsApi('food', t.threadId)
    expect([hit.status, hit.cache, hit.text]).toEqual([200, 'HIT', direct.text])
    expect(hit.headers.get('content-type')).toMatch(/^application\/json/)
    expect(hit.headers.get('cache-control')).toBe('no-cache')
    expect(
      (
        await fetch(`${server.url}/api/boards/food/threads/${t.threadId}/posts`, {
          headers: { 'If-None-Match': hit.etag! },
        })
      ).status,
    ).toBe(304)
    const after = await postsApi('food', t.threadId, `?after=${t.postId}`)
    expect([after.cache, after.body.posts]).toEqual(['MISS', []])
    expect((await postsApi('food', t.threadId, `?after=${t.postId}`)).cache).toBe('HIT')
    // Refused queries and unknown threads are answered by the handler, uncached.
    const bad = await postsApi('food', t.threadId, '?after=abc')
    expect([bad.status, bad.cache]).toEqual([400, null])
    expect((await page('/api/boards/food/threads/999999/posts')).status).toBe(404)
    expect((await page('/api/boards/food/threads/999999/posts')).cache).toBe('MISS')
  })

  it('renders a cold page once for many concurrent readers', async () => {
    const { threadId } = await newThread('food', 'Popular')
    const answers = await Promise.all(Array.from({ length: 12 }, () => page(`/board/food/thread/${threadId}`)))
    expect(answers.filter((a) => a.cache === 'MISS')).toHaveLength(1)
    expect(new Set(answers.map((a) => a.text)).size).toBe(1)
  })

  it('renders feeds per request without PUBLIC_ORIGIN: their absolute links follow the request', async () => {
    const { threadId } = await newThread('food', 'Feed per request')
    for (const path of ['/board/food/feed.atom', `/board/food/thread/${threadId}/feed.atom`]) {
      await page(path)
      const again = await page(path)
      expect([again.status, again.cache, again.headers.get('content-type')]).toEqual([
        200,
        null,
        'application/atom+xml; charset=utf-8',
      ])
    }
  })

  it('leaves query strings, client navigations and missing threads to Next, uncached', async () => {
    const { threadId } = await newThread('food', 'Quoted')
    expect((await page(`/board/food/thread/${threadId}?quote=1`)).cache).toBeNull()
    expect((await page('/board/food', { RSC: '1' })).cache).toBeNull()
    const missing = await page('/board/food/thread/999999')
    expect(missing).toMatchObject({ status: 404, cache: 'MISS' })
    expect(missing.text).toContain('Page Not Found')
    expect((await page('/board/food/thread/999999')).cache).toBe('MISS')
  })
})

describe('every write shows on the next request of each page it touches', () => {
  it('thread_created: the board lists the new thread', async () => {
    await cached('/board/anime')
    await newThread('anime', 'Fresh topic here')
    expect((await page('/board/anime')).text).toContain('Fresh topic here')
  })

  it('post_created: the thread and the board show the reply', async () => {
    const t = await newThread('anime', 'Reply target')
    await cached('/board/anime')
    await cached(`/board/anime/thread/${t.threadId}`)
    await cached(`/api/boards/anime/threads/${t.threadId}/posts`)
    await cached(`/api/boards/anime/threads/${t.threadId}/posts?after=${t.postId}`)
    await reply('anime', t.threadId, 'a brand new reply')
    expect((await page(`/board/anime/thread/${t.threadId}`)).text).toContain('a brand new reply')
    expect((await page('/board/anime')).text).toContain('a brand new reply')
    expect((await postsApi('anime', t.threadId)).body.posts.map((p) => p.content)).toContain('a brand new reply')
    expect((await postsApi('anime', t.threadId, `?after=${t.postId}`)).body.posts.map((p) => p.content)).toEqual([
      'a brand new reply',
    ])
  })

  it('the catalog, in every order: a reply changes the counts and a new thread appears on the next request', async () => {
    const t = await newThread('random', 'Catalog counts')
    const counts = (html: string) => {
      const tile = html.slice(html.indexOf(`data-thread-id="${t.threadId}"`))
      return /data-testid="catalog-counts">(.*?)<\/span><\/p>/s.exec(tile)![1].replace(/<[^>]*>|<!-- -->/g, '')
    }
    for (const path of ['/board/random/catalog', '/board/random/catalog?sort=replies']) {
      expect(counts((await cached(path)).text)).toBe('R: 0 / I: 0')
    }
    await postForm(
      `${server.url}/api/boards/random/threads/${t.threadId}/posts`,
      form({ content: 'with a picture' }, { name: 'r.png', bytes: await png() }),
      as('192.0.2.11'),
    )
    for (const path of ['/board/random/catalog', '/board/random/catalog?sort=replies']) {
      const next = await page(path)
      expect([path, next.cache, counts(next.text)]).toEqual([path, 'MISS', 'R: 1 / I: 1'])
    }
    await newThread('random', 'Catalog newcomer')
    expect((await page('/board/random/catalog')).text).toContain('Catalog newcomer')
    // Orders the page does not offer are left to Next (a 404), uncached.
    expect(await page('/board/random/catalog?sort=nope')).toMatchObject({ status: 404, cache: null })
  })

  it('post_deleted and thread_deleted by their owner: gone from both pages', async () => {
    const t = await newThread('diy', 'Owner deletes')
    const r = await reply('diy', t.threadId, 'soon deleted reply', { Cookie: t.cookie })
    await cached('/board/diy')
    await cached(`/board/diy/thread/${t.threadId}`)
    await cached(`/api/boards/diy/threads/${t.threadId}/posts`)
    expect(
      (
        await fetch(`${server.url}/api/boards/diy/threads/${t.threadId}/posts/${r.postId}`, {
          method: 'DELETE',
          headers: { Cookie: t.cookie, ...as('192.0.2.10') },
        })
      ).status,
    ).toBe(200)
    expect((await page(`/board/diy/thread/${t.threadId}`)).text).not.toContain('soon deleted reply')
    expect((await postsApi('diy', t.threadId)).text).not.toContain('soon deleted reply')
    expect((await page('/board/diy')).text).not.toContain('soon deleted reply')
    expect(
      (
        await fetch(`${server.url}/api/boards/diy/threads/${t.threadId}`, {
          method: 'DELETE',
          headers: { Cookie: t.cookie, ...as('192.0.2.10') },
        })
      ).status,
    ).toBe(200)
    expect((await page(`/board/diy/thread/${t.threadId}`)).status).toBe(404)
    expect((await postsApi('diy', t.threadId)).status).toBe(404)
    expect((await page('/board/diy')).text).not.toContain('Owner deletes')
  })

  it('staff deletion, colour and sticky: shown at once', async () => {
    const t = await newThread('gaming', 'Staff target')
    const r = await reply('gaming', t.threadId, 'colour me')
    const gone = await reply('gaming', t.threadId, 'staff removes this')
    await cached('/board/gaming')
    await cached(`/board/gaming/thread/${t.threadId}`)
    await cached(`/api/boards/gaming/threads/${t.threadId}/posts`)
    expect(
      (
        await admin.write('PUT', `/api/admin/posts/${r.postId}/color`, {
          boardId: 'gaming',
          threadId: t.threadId,
          color: 'purple',
        })
      ).status,
    ).toBe(200)
    expect((await page(`/board/gaming/thread/${t.threadId}`)).text).toMatch(
      /text-purple-700[^>]*>(?:(?!<article).)*colour me/s,
    )
    expect((await postsApi('gaming', t.threadId)).body.posts.find((p) => p.id === r.postId)?.color).toBe('purple')
    await cached(`/api/boards/gaming/threads/${t.threadId}/posts`)
    expect(
      (
        await admin.write('DELETE', `/api/admin/posts/${gone.postId}`, {
          boardId: 'gaming',
          threadId: t.threadId,
          reason: 'spam',
        })
      ).status,
    ).toBe(200)
    expect((await page(`/board/gaming/thread/${t.threadId}`)).text).not.toContain('staff removes this')
    expect((await postsApi('gaming', t.threadId)).text).not.toContain('staff removes this')
    await cached(`/api/boards/gaming/threads/${t.threadId}/posts`)
    expect((await page('/board/gaming')).text).not.toContain('staff removes this')
    expect((await page('/board/gaming')).text).not.toContain('aria-label="Sticky"')
    expect((await admin.write('PUT', `/api/admin/boards/gaming/threads/${t.threadId}/sticky`)).status).toBe(200)
    expect((await page('/board/gaming')).text).toContain('aria-label="Sticky"')
    expect((await page(`/board/gaming/thread/${t.threadId}`)).text).toContain('data-testid="sticky-pin"')
    expect((await postsApi('gaming', t.threadId)).body.thread.is_sticky).toBe(true)
  })

  it('thread_died: the pruned thread shows as archived', async () => {
    const victim = await newThread('fitness', 'Will be pruned')
    await sql(
      server.database,
      'UPDATE threads SET updated_at = ? WHERE id = ?',
      new Date('2001-01-01T00:00:00Z'),
      victim.threadId,
    )
    const now = new Date()
    for (let i = 0; i < 99; i++) {
      await sql(
        server.database,
        'INSERT INTO threads (board_id, topic, is_sticky, is_dead, post_count, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        'fitness',
        `filler ${i}`,
        false,
        false,
        0,
        now,
        now,
      )
    }
    await cached(`/board/fitness/thread/${victim.threadId}`)
    await cached(`/api/boards/fitness/threads/${victim.threadId}/posts`)
    await newThread('fitness', 'The hundred and first')
    expect((await page(`/board/fitness/thread/${victim.threadId}`)).text).toContain('data-testid="archived-banner"')
    expect((await postsApi('fitness', victim.threadId)).body.thread.is_dead).toBe(true)
  })

  it('survey_created and survey_vote: the poll and its counts', async () => {
    const t = await newThread('science', 'Poll thread')
    await cached(`/board/science/thread/${t.threadId}`)
    await cached(`/api/boards/science/threads/${t.threadId}/posts`)
    const created = await json(
      'POST',
      `/api/boards/science/threads/${t.threadId}/posts/${t.postId}/survey`,
      { survey_type: 'single', question: 'Tabs or spaces?', options: ['Tabs', 'Spaces'] },
      { Cookie: t.cookie },
    )
    expect(created.status).toBe(201)
    const withPoll = await page(`/board/science/thread/${t.threadId}`)
    expect(withPoll.text).toContain('Tabs or spaces?')
    expect((await postsApi('science', t.threadId)).text).toContain('Tabs or spaces?')
    await cached(`/board/science/thread/${t.threadId}`)
    const before = (await cached(`/api/boards/science/threads/${t.threadId}/posts`)).text
    expect(
      (
        await json('POST', `/api/boards/science/surveys/${created.body.survey.id}/vote`, {
          option_ids: [created.body.survey.options[1].id],
        })
      ).status,
    ).toBe(200)
    // React separates adjacent text with empty comments; the count sits in the poll's header.
    expect((await page(`/board/science/thread/${t.threadId}`)).text.replaceAll('<!-- -->', '')).toContain(
      'Single choice · 1 response<',
    )
    const afterVote = await postsApi('science', t.threadId)
    expect([afterVote.cache, afterVote.text === before]).toEqual(['MISS', false])
  })

  it('a ban with post context marks the post on the thread and the board', async () => {
    const t = await newThread('movies', 'Ban mark')
    const r = await reply('movies', t.threadId, 'bannable words')
    await cached('/board/movies')
    await cached(`/board/movies/thread/${t.threadId}`)
    await cached(`/api/boards/movies/threads/${t.threadId}/posts`)
    const ban = await admin.write('POST', '/api/admin/bans', {
      ip_address: '192.0.2.11',
      board_id: 'movies',
      reason: 'words',
      expires_at: new Date(Date.now() + 3600_000).toISOString(),
      thread_id: t.threadId,
      post_id: r.postId,
    })
    expect(ban.status).toBe(201)
    expect((await page(`/board/movies/thread/${t.threadId}`)).text).toContain('(USER WAS BANNED FOR THIS POST)')
    expect((await page('/board/movies')).text).toContain('(USER WAS BANNED FOR THIS POST)')
    expect((await postsApi('movies', t.threadId)).body.posts.find((p) => p.id === r.postId)?.isBanned).toBe(true)
  })
})

describe('bans', () => {
  it('a banned visitor gets the ban screen, never the cached board or thread; others still get the cache', async () => {
    const t = await newThread('sports', 'Readable thread')
    const banned = reader()
    await cached('/board/sports')
    await cached(`/board/sports/thread/${t.threadId}`)
    await cached(`/api/boards/sports/threads/${t.threadId}/posts`)
    expect(
      (
        await admin.write('POST', '/api/admin/bans', {
          ip_address: banned,
          board_id: 'sports',
          reason: 'cache test',
          expires_at: new Date(Date.now() + 3600_000).toISOString(),
        })
      ).status,
    ).toBe(201)
    for (const path of ['/board/sports', `/board/sports/thread/${t.threadId}`]) {
      const seen = await page(path, { 'X-Forwarded-For': banned })
      expect(seen.cache).toBeNull()
      expect(seen.text).toContain('cache test')
      expect(seen.text).not.toContain('Readable thread')
      // The cache's own render marker is not something a visitor can send.
      expect((await page(path, { 'X-Forwarded-For': banned, 'X-Corkboard-Render': 'guess' })).text).toContain(
        'cache test',
      )
      expect((await page(path, { 'X-Forwarded-For': reader() })).cache).toBe('HIT')
    }
    const api = await postsApi('sports', t.threadId)
    const refused = await page(`/api/boards/sports/threads/${t.threadId}/posts`, { 'X-Forwarded-For': banned })
    expect([refused.status, refused.cache, JSON.parse(refused.text).error]).toEqual([403, null, 'Banned'])
    expect(api.cache).toBe('HIT')
    // Another board is not affected.
    expect((await page('/board/tech', { 'X-Forwarded-For': banned })).text).not.toContain('cache test')
  })

  it('a range-banned visitor gets the ban screen; lifting the range ban restores the cached page', async () => {
    await cached('/board/business')
    const created = await admin.write('POST', '/api/admin/rangebans', {
      ban_type: 'ip_range',
      ban_value: '198.51.100.0/24',
      board_id: 'business',
      reason: 'range cache test',
    })
    expect(created.status).toBe(201)
    const seen = await page('/board/business', { 'X-Forwarded-For': '198.51.100.77' })
    expect([seen.cache, seen.text.includes('range cache test')]).toEqual([null, true])
    expect((await admin.write('DELETE', `/api/admin/rangebans/${created.body.rangeban.id}`)).status).toBe(200)
    const after = await page('/board/business', { 'X-Forwarded-For': '198.51.100.77' })
    expect(after.text).not.toContain('range cache test')
  })
})
