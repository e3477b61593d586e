// The server and helpers shared by the posting tests (tests/integration/posting-*.test.ts): the server trusts one
// proxy hop, so each test posts from its own address (freshIp()), with rate limits roomy enough for a whole file.
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, expect } from 'vitest'
import { as, form, postForm } from './http'
import { png } from './media'
import { roomyRateLimits, startServer, type TestServer } from './server'

let current: TestServer
let nextIp = 1
export const freshIp = () => `203.0.113.${nextIp++}`

/** Starts the server before the file's tests and stops it after them; the function returns it. */
export function withPostingServer(): () => TestServer {
  beforeAll(async () => {
    current = await startServer({
      env: {
        TRUST_PROXY_HOPS: '1',
        PROXY_CIDRS: '198.51.100.0/24',
        RATE_LIMITS: roomyRateLimits(),
      },
    })
  })
  afterAll(async () => {
    await current?.stop()
  })
  return () => current
}

export const threadsUrl = (board = 'tech') => `${current.url}/api/boards/${board}/threads`
export const postsUrl = (threadId: number, board = 'tech') =>
  `${current.url}/api/boards/${board}/threads/${threadId}/posts`

/** A new thread with an image, from `ip`. */
export async function newThread(ip = freshIp(), board = 'tech', fields: Record<string, string> = {}) {
  const res = await postForm(
    threadsUrl(board),
    form({ topic: 'Hello', content: 'First post', ...fields }, { name: 'a.png', bytes: await png() }),
    as(ip),
  )
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body as { threadId: number; postId: number; boardId: string }
}

/** The names of the files in the server's media storage. */
export const mediaFiles = () => {
  const dir = path.join(current.dataDir, 'media')
  return existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
    : []
}
