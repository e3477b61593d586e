// The server and helpers shared by the ban tests (tests/integration/bans-*.test.ts): visitors told apart by address
// (the server trusts one proxy hop and each sends its own X-Forwarded-For), and four staff accounts logged in from
// 10.9.9.9: an admin (boss), a janitor of every board (jani), a janitor of /tech/ only (techie) and a moderator (modi).
import { afterAll, beforeAll, expect } from 'vitest'
import { as, form, postForm } from './http'
import { png } from './media'
import { roomyRateLimits, startServer, type TestServer } from './server'
import { createStaff, StaffClient } from './staff'

let current: TestServer
let n = 0
/** A client address no other request used. */
export const visitorIp = () => `203.0.113.${++n}`
export const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString()
export const staff = {} as Record<'admin' | 'janitor' | 'techJanitor' | 'moderator', StaffClient>

/** Starts the server and logs the staff in before the file's tests, stops it after them; the function returns it. */
export function withBansServer(): () => TestServer {
  beforeAll(async () => {
    current = await startServer({
      env: {
        TRUST_PROXY_HOPS: '1',
        RATE_LIMITS: roomyRateLimits('staffWrite', 'appeal'),
      },
    })
    const login = async (username: string, role: 'janitor' | 'moderator' | 'admin', boards: string[] = []) => {
      const u = await createStaff(current.database, { username, role, boards })
      const c = new StaffClient(current.url, { 'X-Forwarded-For': '10.9.9.9' })
      expect((await c.login(u.username, u.password)).status).toBe(200)
      return c
    }
    staff.admin = await login('boss', 'admin')
    staff.janitor = await login('jani', 'janitor')
    staff.techJanitor = await login('techie', 'janitor', ['tech'])
    staff.moderator = await login('modi', 'moderator')
  })
  afterAll(async () => {
    await current?.stop()
  })
  return () => current
}

/** Tries to start a thread on `board` from `ip`; the answer as it came. */
export const tryPost = async (ip: string, board = 'food') =>
  await postForm(
    `${current.url}/api/boards/${board}/threads`,
    form({ topic: 't', content: 'c' }, { name: 'a.png', bytes: await png() }),
    as(ip),
  )
