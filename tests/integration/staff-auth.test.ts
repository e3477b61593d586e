// Staff authentication: CSRF-protected login, uniform failures, rate-limited
// guessing, sessions re-checked against the database on every request, logout ending every session.
import { randomBytes } from 'node:crypto'
import { sealData } from 'iron-session'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type TestServer } from '../helpers/server'
import { sql } from '../helpers/sql'
import { createStaff, StaffClient } from '../helpers/staff'

const SESSION_SECRET = randomBytes(32).toString('hex')
let server: TestServer
let n = 0
const client = () => new StaffClient(server.url, { 'X-Forwarded-For': `198.51.100.${++n}` })

beforeAll(async () => {
  server = await startServer({ env: { TRUST_PROXY_HOPS: '1', SESSION_SECRET } })
  await createStaff(server.database, { username: 'Anna_Mod', role: 'moderator', boards: ['tech', 'science'] })
  await createStaff(server.database, { username: 'gone', role: 'admin', active: false })
})
afterAll(async () => {
  await server?.stop()
})

describe('CSRF token', () => {
  it('creates an anonymous session and returns the same token for it', async () => {
    const c = client()
    const first = await c.fetchCsrf()
    expect(first.status).toBe(200)
    expect(first.body.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(first.headers.get('x-csrf-token')).toBe(first.body.csrfToken)
    expect(first.headers.get('set-cookie')).toMatch(/^cb_session=[^;]+;.*HttpOnly/i)
    expect(first.headers.get('set-cookie')).toMatch(/SameSite=Lax/i)
    expect((await c.fetchCsrf()).body.csrfToken).toBe(first.body.csrfToken)
  })
})

describe('login', () => {
  it('refuses a missing or wrong CSRF token', async () => {
    const c = client()
    await c.fetchCsrf()
    expect(
      await c.request('POST', '/api/admin/login', { username: 'Anna_Mod', password: 'correct horse battery' }),
    ).toMatchObject({ status: 403, body: { error: 'Invalid CSRF token' } })
    expect(
      await c.request(
        'POST',
        '/api/admin/login',
        { username: 'Anna_Mod', password: 'correct horse battery' },
        { 'X-CSRF-Token': 'x'.repeat(43) },
      ),
    ).toMatchObject({ status: 403, body: { error: 'Invalid CSRF token' } })
    const noSession = client()
    expect(
      (
        await noSession.request(
          'POST',
          '/api/admin/login',
          { username: 'a', password: 'b' },
          { 'X-CSRF-Token': 'anything' },
        )
      ).status,
    ).toBe(403)
  })

  it('accepts the token in the _csrf body field too', async () => {
    const c = client()
    await c.fetchCsrf()
    const res = await c.request('POST', '/api/admin/login', {
      username: 'anna_mod',
      password: 'correct horse battery',
      _csrf: c.csrf,
    })
    expect(res.status).toBe(200)
  })

  it('requires both fields', async () => {
    const c = client()
    await c.fetchCsrf()
    const res = await c.write('POST', '/api/admin/login', { username: '  ' })
    expect(res).toMatchObject({
      status: 400,
      body: {
        error: 'Username and password are required',
        details: [
          { field: 'username', message: 'Username is required' },
          { field: 'password', message: 'Password is required' },
        ],
      },
    })
  })

  it('answers unknown users, wrong passwords and inactive accounts alike', async () => {
    for (const [username, password] of [
      ['nobody', 'whatever123'],
      ['Anna_Mod', 'wrong password'],
      ['gone', 'correct horse battery'],
    ]) {
      const res = await client().login(username, password)
      expect(res, username).toMatchObject({ status: 401, body: { error: 'Invalid credentials' } })
    }
  })

  it('logs in case-insensitively with a new cookie and CSRF token, and records the login', async () => {
    const c = client()
    await c.fetchCsrf()
    const anonymous = { cookie: c.cookie, csrf: c.csrf }
    const res = await c.login('ANNA_MOD', 'correct horse battery')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      message: 'Authentication successful',
      csrfToken: expect.any(String),
      user: {
        id: expect.any(Number),
        username: 'Anna_Mod',
        email: 'Anna_Mod@example.com',
        role: 'moderator',
        boards: ['science', 'tech'],
      },
    })
    expect(c.cookie).not.toBe(anonymous.cookie)
    expect(res.body.csrfToken).not.toBe(anonymous.csrf)
    expect((await c.fetchCsrf()).body.csrfToken).toBe(res.body.csrfToken)
    const me = await c.request('GET', '/api/admin/me')
    expect(me.body.user).toMatchObject({
      username: 'Anna_Mod',
      role: 'moderator',
      boards: ['science', 'tech'],
      is_active: true,
      last_login: expect.stringMatching(/Z$/),
    })
  })

  it('stops password guessing after 5 failures per username and address', async () => {
    await createStaff(server.database, { username: 'target', role: 'janitor' })
    const c = client()
    for (let i = 0; i < 5; i++) expect((await c.login('target', `guess ${i}`)).status).toBe(401)
    const blocked = await c.login('target', 'correct horse battery')
    expect(blocked.status).toBe(429)
    expect(blocked.body).toEqual({ error: 'Rate limited', retryAfter: expect.any(Number) })
    // Another address is not blocked.
    expect((await client().login('target', 'correct horse battery')).status).toBe(200)
  })
})

describe('secrets stay secret', () => {
  it('never shows passwords or hashes in responses or the server log', async () => {
    const { username, password } = await createStaff(server.database, {
      username: 'secretive',
      role: 'admin',
      password: 'Tr0ub4dor&3-unique',
    })
    const c = client()
    const failed = await c.login(username, 'Wr0ng-guess-unique')
    const ok = await c.login(username, password)
    const users = await c.request('GET', '/api/admin/users')
    const me = await c.request('GET', '/api/admin/me')
    const everything = JSON.stringify([failed.body, ok.body, users.body, me.body]) + server.output()
    for (const secret of [password, 'Wr0ng-guess-unique', '$argon2id$', 'password_hash', 'passwordHash'])
      expect(everything).not.toContain(secret)
  })
})

describe('sessions', () => {
  it('answers 401 on staff routes without a session', async () => {
    expect(await client().request('GET', '/api/admin/me')).toMatchObject({
      status: 401,
      body: { error: 'Login required' },
    })
  })

  it('applies role changes at once and refuses deactivated users', async () => {
    const { username, password, id } = await createStaff(server.database, { username: 'changing', role: 'janitor' })
    const c = client()
    await c.login(username, password)
    expect((await c.request('GET', '/api/admin/me')).body.user.role).toBe('janitor')
    await sql(server.database, "UPDATE staff_users SET role = 'admin' WHERE id = ?", id)
    expect((await c.request('GET', '/api/admin/me')).body.user.role).toBe('admin')
    await sql(server.database, 'UPDATE staff_users SET is_active = ? WHERE id = ?', false, id)
    expect((await c.request('GET', '/api/admin/me')).status).toBe(401)
  })

  it('logout ends this and every other session of the user', async () => {
    const { username, password } = await createStaff(server.database, { username: 'twotabs', role: 'moderator' })
    const tab1 = client()
    const tab2 = client()
    await tab1.login(username, password)
    await tab2.login(username, password)
    const oldCookie = tab1.cookie
    expect(await tab1.request('GET', '/api/admin/logout')).toMatchObject({
      status: 200,
      body: { message: 'Logout successful' },
    })
    expect((await tab2.request('GET', '/api/admin/me')).status).toBe(401)
    tab1.cookie = oldCookie
    expect((await tab1.request('GET', '/api/admin/me')).status).toBe(401)
    expect(await client().request('GET', '/api/admin/logout')).toMatchObject({ status: 200 })
  })

  it('POST logout needs the CSRF token', async () => {
    const { username, password } = await createStaff(server.database, { username: 'postout', role: 'janitor' })
    const c = client()
    await c.login(username, password)
    expect((await c.request('POST', '/api/admin/logout')).status).toBe(403)
    expect((await c.write('POST', '/api/admin/logout')).status).toBe(200)
  })

  it('refuses a session older than 24 hours', async () => {
    const { username, password, id } = await createStaff(server.database, { username: 'oldtimer', role: 'admin' })
    const c = client()
    await c.login(username, password)
    const stale = await sealData(
      { userId: id, loginAt: Date.now() - 25 * 3600_000, generation: 0, csrfToken: 'x' },
      { password: SESSION_SECRET, ttl: 24 * 3600 },
    )
    c.cookie = `cb_session=${stale}`
    expect((await c.request('GET', '/api/admin/me')).status).toBe(401)
    const forged = await sealData(
      { userId: id, loginAt: Date.now(), generation: 0 },
      { password: randomBytes(32).toString('hex'), ttl: 24 * 3600 },
    )
    c.cookie = `cb_session=${forged}`
    expect((await c.request('GET', '/api/admin/me')).status).toBe(401)
  })
})
