// Staff accounts: admins only; validation, uniqueness, and changes that end sessions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type TestServer } from '../helpers/server'
import { createStaff, StaffClient } from '../helpers/staff'

let server: TestServer
let admin: StaffClient
let adminId: number

beforeAll(async () => {
  server = await startServer({
    env: { RATE_LIMITS: JSON.stringify({ api: { points: 100000 }, staffWrite: { points: 1000 } }) },
  })
  const u = await createStaff(server.database, { username: 'root', role: 'admin' })
  adminId = u.id
  admin = new StaffClient(server.url)
  await admin.login(u.username, u.password)
})
afterAll(async () => {
  await server?.stop()
})

const newUser = (over: Record<string, unknown> = {}) => ({
  username: 'anna',
  email: 'anna@example.com',
  password: 'long enough pw',
  role: 'moderator',
  boards: ['tech'],
  ...over,
})

describe('admin users API', () => {
  it('is for admins only', async () => {
    const m = await createStaff(server.database, { username: 'justmod', role: 'moderator' })
    const c = new StaffClient(server.url)
    await c.login(m.username, m.password)
    expect(await c.request('GET', '/api/admin/users')).toMatchObject({
      status: 403,
      body: { error: 'Admin privileges required' },
    })
    expect(await c.write('POST', '/api/admin/users', newUser())).toMatchObject({ status: 403 })
  })

  it('creates users with validation and case-insensitive uniqueness; they can log in', async () => {
    expect(await admin.write('POST', '/api/admin/users', { username: 'x' })).toMatchObject({
      status: 400,
      body: {
        error: 'All fields are required',
        details: [
          { field: 'email', message: 'email is required' },
          { field: 'password', message: 'password is required' },
          { field: 'role', message: 'role is required' },
        ],
      },
    })
    expect((await admin.write('POST', '/api/admin/users', newUser({ email: 'not-an-email' }))).body).toMatchObject({
      error: 'Validation failed',
      details: [{ field: 'email', message: 'Invalid email address' }],
    })
    expect((await admin.write('POST', '/api/admin/users', newUser({ role: 'overlord' }))).body.details).toEqual([
      { field: 'role', message: 'Invalid role' },
    ])
    expect((await admin.write('POST', '/api/admin/users', newUser({ boards: ['nope'] }))).body.details).toEqual([
      { field: 'boards', message: 'Unknown board: nope' },
    ])
    expect((await admin.write('POST', '/api/admin/users', newUser({ password: 'short' }))).status).toBe(400)
    const created = await admin.write('POST', '/api/admin/users', newUser())
    expect(created).toMatchObject({
      status: 201,
      body: {
        message: 'Admin user created successfully',
        user: {
          id: expect.any(Number),
          username: 'anna',
          email: 'anna@example.com',
          role: 'moderator',
          boards: ['tech'],
          is_active: true,
          last_login: null,
        },
      },
    })
    expect(
      await admin.write('POST', '/api/admin/users', newUser({ username: 'ANNA', email: 'other@example.com' })),
    ).toMatchObject({ status: 409, body: { error: 'Username or email already exists' } })
    expect((await new StaffClient(server.url).login('anna', 'long enough pw')).status).toBe(200)
    const list = await admin.request('GET', '/api/admin/users')
    expect(list.body.users.map((u: { id: number }) => u.id)).toEqual(
      [...list.body.users.map((u: { id: number }) => u.id)].sort((a, b) => a - b),
    )
    expect(await admin.request('GET', `/api/admin/users/${created.body.user.id}`)).toMatchObject({
      status: 200,
      body: { user: { username: 'anna' } },
    })
    expect(await admin.request('GET', '/api/admin/users/999999')).toMatchObject({
      status: 404,
      body: { error: 'User not found' },
    })
  })

  it('updates users; deactivation and password changes end their sessions', async () => {
    const u = await createStaff(server.database, { username: 'bob', role: 'janitor' })
    const bob = new StaffClient(server.url)
    await bob.login(u.username, u.password)
    expect(await admin.write('PUT', `/api/admin/users/${u.id}`, {})).toMatchObject({
      status: 400,
      body: { error: 'No valid fields to update' },
    })
    const promoted = await admin.write('PUT', `/api/admin/users/${u.id}`, {
      role: 'moderator',
      boards: ['diy', 'tech'],
    })
    expect(promoted.body.user).toMatchObject({ role: 'moderator', boards: ['diy', 'tech'] })
    expect((await bob.request('GET', '/api/admin/me')).body.user).toMatchObject({
      role: 'moderator',
      boards: ['diy', 'tech'],
    })

    await admin.write('PUT', `/api/admin/users/${u.id}`, { password: 'a brand new password' })
    expect((await bob.request('GET', '/api/admin/me')).status).toBe(401)
    expect((await bob.login('bob', 'a brand new password')).status).toBe(200)
    expect((await admin.write('PUT', `/api/admin/users/${u.id}`, { is_active: false })).body.user.is_active).toBe(false)
    expect((await bob.request('GET', '/api/admin/me')).status).toBe(401)
    expect((await bob.login('bob', 'a brand new password')).status).toBe(401)
  })

  it('refuses to let admins deactivate or demote themselves', async () => {
    expect(await admin.write('PUT', `/api/admin/users/${adminId}`, { is_active: false })).toMatchObject({
      status: 403,
      body: { error: 'Cannot deactivate or demote your own account' },
    })
    expect(await admin.write('PUT', `/api/admin/users/${adminId}`, { role: 'janitor' })).toMatchObject({ status: 403 })
    expect((await admin.write('PUT', `/api/admin/users/${adminId}`, { email: 'root@example.org' })).status).toBe(200)
  })
})
