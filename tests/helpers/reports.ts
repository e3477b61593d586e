// The server and helpers shared by the report tests (tests/integration/reports-*.test.ts): visitors told apart by
// address (the server trusts one proxy hop and each sends its own X-Forwarded-For), REPORT_LIMIT reports per address
// an hour, and four staff accounts: an admin, a janitor of every board, a janitor of /tech/ only, and a deactivated
// one (logged in before it was deactivated).
import { afterAll, beforeAll, expect } from 'vitest'
import { as, form, postForm } from './http'
import { png } from './media'
import { roomyRateLimits, startServer, type TestServer } from './server'
import { sql } from './sql'
import { createStaff, StaffClient } from './staff'

export const REPORT_LIMIT = 4
let current: TestServer
let n = 0
/** A client address no other request used. */
export const freshIp = () => `198.18.${Math.floor(n / 250)}.${(n++ % 250) + 1}`
export const staff = {} as Record<'admin' | 'janitor' | 'techJanitor' | 'gone', StaffClient>

/** Starts the server and logs the staff in before the file's tests, stops it after them; the function returns it. */
export function withReportsServer(): () => TestServer {
  beforeAll(async () => {
    const limits = JSON.parse(roomyRateLimits('staffWrite'))
    current = await startServer({
      env: {
        TRUST_PROXY_HOPS: '1',
        RATE_LIMITS: JSON.stringify({ ...limits, report: { points: REPORT_LIMIT, duration: 3600 } }),
      },
    })
    const accounts: [keyof typeof staff, 'admin' | 'janitor', string[]][] = [
      ['admin', 'admin', []],
      ['janitor', 'janitor', []],
      ['techJanitor', 'janitor', ['tech']],
      ['gone', 'janitor', []],
    ]
    for (const [name, role, boards] of accounts) {
      const u = await createStaff(current.database, { username: `r${name}`, role, boards })
      staff[name] = new StaffClient(current.url)
      expect((await staff[name].login(u.username, u.password)).status).toBe(200)
    }
    await sql(current.database, 'UPDATE staff_users SET is_active = ? WHERE username = ?', false, 'rgone')
  })
  afterAll(async () => {
    await current?.stop()
  })
  return () => current
}

export async function send(method: string, path: string, body?: unknown, ip = freshIp(), raw?: string) {
  const res = await fetch(current.url + path, {
    method,
    headers: { 'Content-Type': 'application/json', ...as(ip) },
    body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
  })
  return { status: res.status, body: await res.json() }
}

export const reportPath = (board: string, postId: number | string) => `/api/boards/${board}/posts/${postId}/reports`
export const report = (board: string, postId: number, body: unknown, ip = freshIp()) =>
  send('POST', reportPath(board, postId), body, ip)

/** A new thread (its opening post has an image) with one reply on `board`; the reply is the usual target. */
export async function thread(board: string) {
  const res = await postForm(
    `${current.url}/api/boards/${board}/threads`,
    form({ topic: 'Reported', content: 'opening post' }, { name: 'a.png', bytes: await png() }),
    as(freshIp()),
  )
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  const t = res.body as { threadId: number; postId: number }
  const replied = await postForm(
    `${current.url}/api/boards/${board}/threads/${t.threadId}/posts`,
    form({ content: `reply on ${board}` }),
    as(freshIp()),
  )
  expect(replied.status, JSON.stringify(replied.body)).toBe(201)
  const reply = replied.body as { postId: number }
  return { threadId: t.threadId, opId: t.postId, postId: reply.postId }
}

export const storedReports = async (postId: number) =>
  sql<{ category: string; reason: string | null; reporter_ip: string; dismissed_at: unknown }>(
    current.database,
    'SELECT category, reason, reporter_ip, dismissed_at FROM reports WHERE post_id = ? ORDER BY id',
    postId,
  )

export type QueueEntry = {
  postId: number
  boardId: string
  threadId: number
  count: number
  categories: Record<string, number>
  reasons: string[]
  reporterIps?: string[]
  post: { id: number; content: string; thumbnail_url: string | null; thread_topic: string }
}
export const queue = async (client: StaffClient, query = '') => {
  const res = await client.request('GET', `/api/admin/reports${query}`)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.reports as QueueEntry[]
}
export const entryOf = async (client: StaffClient, postId: number) =>
  (await queue(client)).find((r) => r.postId === postId)
