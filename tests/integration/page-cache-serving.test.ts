// Serving from the page cache through the real server (tests/helpers/page-cache.ts): public pages and a thread's
// posts API come from memory with ETags, 304s and compressed bodies, a cold page renders once, and what is left
// uncached. Banned visitors never get a cached board, thread or posts API answer.
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { httpRequest } from '../helpers/http'
import { cached, newThread, page, postsApi, staff, withPageCacheServer } from '../helpers/page-cache'

const server = withPageCacheServer()
let ips = 0
/** A fresh reader address per call, so no test depends on another's bans. */
const reader = () => `203.0.113.${++ips}`

/** The bytes as sent (fetch would decompress them). */
const rawGet = (path: string, headers: Record<string, string>) => httpRequest(server().url + path, { headers })

describe('serving', () => {
  it('serves public pages from memory with an ETag, a 304 on revalidation and compressed bodies', async () => {
    const first = await page('/rules')
    expect(first.cache).toBe('MISS')
    const hit = await page('/rules')
    expect(hit).toMatchObject({ status: 200, cache: 'HIT', text: first.text })
    expect(hit.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=5, must-revalidate')
    expect(hit.headers.get('content-type')).toMatch(/^text\/html/)
    const revalidated = await fetch(server().url + '/rules', { headers: { 'If-None-Match': hit.etag! } })
    expect(revalidated.status).toBe(304)
    const gz = await rawGet('/rules', { 'Accept-Encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.body).toString()).toBe(first.text)
    expect((await fetch(server().url + '/rules', { headers: { 'If-None-Match': gz.headers.etag! } })).status).toBe(304)
    const br = await rawGet('/rules', { 'Accept-Encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.body).toString()).toBe(first.text)
    const head = await fetch(server().url + '/rules', { method: 'HEAD' })
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
        await fetch(`${server().url}/api/boards/food/threads/${t.threadId}/posts`, {
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

describe('bans', () => {
  it('a banned visitor gets the ban screen, never the cached board or thread; others still get the cache', async () => {
    const t = await newThread('sports', 'Readable thread')
    const banned = reader()
    await cached('/board/sports')
    await cached(`/board/sports/thread/${t.threadId}`)
    await cached(`/api/boards/sports/threads/${t.threadId}/posts`)
    expect(
      (
        await staff.admin.write('POST', '/api/admin/bans', {
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
    const created = await staff.admin.write('POST', '/api/admin/rangebans', {
      ban_type: 'ip_range',
      ban_value: '198.51.100.0/24',
      board_id: 'business',
      reason: 'range cache test',
    })
    expect(created.status).toBe(201)
    const seen = await page('/board/business', { 'X-Forwarded-For': '198.51.100.77' })
    expect([seen.cache, seen.text.includes('range cache test')]).toEqual([null, true])
    expect((await staff.admin.write('DELETE', `/api/admin/rangebans/${created.body.rangeban.id}`)).status).toBe(200)
    const after = await page('/board/business', { 'X-Forwarded-For': '198.51.100.77' })
    expect(after.text).not.toContain('range cache test')
  })
})
