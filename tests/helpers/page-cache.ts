// The server and helpers shared by the page cache tests (tests/integration/page-cache-*.test.ts): the server trusts
// one proxy hop, so readers and posters are told apart by X-Forwarded-For, and an admin (cachemod) is logged in.
import { afterAll, beforeAll, expect } from 'vitest'
import { as, form, postForm } from './http'
import { png } from './media'
import { roomyRateLimits, startServer, type TestServer } from './server'
import { createStaff, StaffClient } from './staff'

let current: TestServer
export const staff = {} as Record<'admin', StaffClient>

/**
 * Starts the server (with `env` on top of its own) and logs the admin in before the file's tests, stops it after
 * them; the function returns it.
 */
export function withPageCacheServer(env: Record<string, string> = {}): () => TestServer {
  beforeAll(async () => {
    current = await startServer({
      env: {
        TRUST_PROXY_HOPS: '1',
        RATE_LIMITS: roomyRateLimits('surveyCreate', 'vote', 'staffWrite'),
        ...env,
      },
    })
    const u = await createStaff(current.database, { username: 'cachemod', role: 'admin' })
    staff.admin = new StaffClient(current.url, as('10.9.9.9'))
    await staff.admin.login(u.username, u.password)
  })
  afterAll(async () => {
    await current?.stop()
  })
  return () => current
}

/** GETs a page as an ordinary reader (192.0.2.200): its status, cache header, ETag, headers and text. */
export async function page(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(current.url + path, { headers: { 'X-Forwarded-For': '192.0.2.200', ...headers } })
  return {
    status: res.status,
    cache: res.headers.get('x-corkboard-cache'),
    etag: res.headers.get('etag'),
    headers: res.headers,
    text: await res.text(),
  }
}

/** A thread's posts API answer (parsed) and how it was served. */
export async function postsApi(board: string, threadId: number, query = '') {
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
export async function cached(path: string) {
  await page(path)
  const second = await page(path)
  expect(second.cache, path).toBe('HIT')
  return second
}

/** A new thread with an image on `board`, from `ip`, with the poster cookie its owner got. */
export async function newThread(board: string, topic: string, ip = '192.0.2.10') {
  const res = await postForm(
    `${current.url}/api/boards/${board}/threads`,
    form({ topic, content: `${topic} opening` }, { name: 'a.png', bytes: await png() }),
    as(ip),
  )
  expect(res.status).toBe(201)
  return { ...(res.body as { threadId: number; postId: number }), cookie: res.headers.get('set-cookie')!.split(';')[0] }
}
