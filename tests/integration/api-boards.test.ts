import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_BOARDS } from '@/lib/boards/defaults'
import { startServer, type TestServer } from '../helpers/server'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(async () => {
  await server?.stop()
})

const get = (path: string, init?: RequestInit) => fetch(server.url + path, init)

describe('GET /api/boards', () => {
  it('returns every default board in the documented shape, sorted by id', async () => {
    const res = await get('/api/boards')
    expect(res.status).toBe(200)
    // Served by the page cache: revalidated on every use (ETag), never kept by a shared cache.
    expect(res.headers.get('cache-control')).toBe('no-cache')
    const { boards } = await res.json()
    expect(boards.map((b: { id: string }) => b.id)).toEqual([...DEFAULT_BOARDS.map((b) => b.id)].sort())
    expect(boards.find((b: { id: string }) => b.id === 'science')).toEqual({
      id: 'science',
      name: 'Science',
      description: 'Science and Math',
      nsfw: false,
      thread_ids_enabled: true,
      country_flags_enabled: true,
      threads_per_page: 15,
      captcha: 'off',
    })
    expect(boards.filter((b: { nsfw: boolean }) => b.nsfw).map((b: { id: string }) => b.id)).toEqual([
      'politics',
      'random',
    ])
  })
})

describe('GET /api/boards/{boardId}', () => {
  it('returns one board', async () => {
    const res = await get('/api/boards/tech')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      board: {
        id: 'tech',
        name: 'Technology',
        description: 'Technology, Computers, and Programming',
        nsfw: false,
        thread_ids_enabled: false,
        country_flags_enabled: false,
        threads_per_page: 15,
        captcha: 'off',
      },
    })
  })

  it.each(['nope', 'TECH', 'a-b', 'abcdefghijk', '%20'])('answers 404 Board not found for %j', async (id) => {
    const res = await get(`/api/boards/${id}`)
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: 'Board not found' })
  })
})

describe('unknown paths and methods', () => {
  it.each(['/api/nope', '/api/boards/tech/zzz/yyy', '/api/admin/nothing-here'])(
    'answers JSON 404 for %s',
    async (path) => {
      for (const method of ['GET', 'POST', 'DELETE']) {
        const res = await get(path, { method })
        expect(res.status).toBe(404)
        expect(res.headers.get('content-type')).toContain('application/json')
        expect(await res.json()).toEqual({ error: 'Not found' })
      }
    },
  )

  it('answers 405 with an Allow header for a wrong method', async () => {
    const res = await get('/api/boards', { method: 'DELETE' })
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('GET')
    expect(await res.json()).toEqual({ error: 'Method not allowed' })
  })

  it('refuses writes from a foreign origin', async () => {
    const res = await get('/api/boards', { method: 'POST', headers: { Origin: 'https://evil.example' } })
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ error: 'Forbidden origin' })
  })
})
