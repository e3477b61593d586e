// Logged-in staff are never stopped by a visitor ban on their own address: they read the board, its threads and
// the posts API, and post, while a visitor at that address without a session still gets the ban.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { startServer, type TestServer } from '../helpers/server'
import { loggedInAdmin, type StaffClient } from '../helpers/staff'

const STAFF_IP = '203.0.113.77'
let server: TestServer
let admin: StaffClient

beforeAll(async () => {
  server = await startServer({ env: { TRUST_PROXY_HOPS: '1' } })
  // The admin's browser is at STAFF_IP, like every visitor of that address.
  admin = await loggedInAdmin(server, as(STAFF_IP))
})
afterAll(async () => {
  await server?.stop()
})

describe('staff behind a banned address', () => {
  it('are not locked out of the board; a visitor at that address without a session is', async () => {
    const t = await postForm(
      `${server.url}/api/boards/tech/threads`,
      form({ topic: 'Staff can still read', content: 'op' }, { name: 'a.png', bytes: await png() }),
      as('198.51.100.40'),
    )
    expect(t.status).toBe(201)
    const ban = await admin.write('POST', '/api/admin/bans', {
      ip_address: STAFF_IP,
      board_id: null,
      reason: 'shared address',
      expires_at: null,
    })
    expect(ban.status).toBe(201)

    // The visitor at that address: ban screen, 403 on the API.
    const visitorPage = await fetch(`${server.url}/board/tech`, { headers: as(STAFF_IP) })
    expect(await visitorPage.text()).toContain('You are banned from this board')
    expect(
      (await fetch(`${server.url}/api/boards/tech/threads/${t.body.threadId}/posts`, { headers: as(STAFF_IP) })).status,
    ).toBe(403)
    expect(
      (
        await postForm(
          `${server.url}/api/boards/tech/threads/${t.body.threadId}/posts`,
          form({ content: 'visitor' }),
          as(STAFF_IP),
        )
      ).status,
    ).toBe(403)

    // The staff member at the same address.
    const board = await admin.request('GET', '/board/tech')
    expect(board.status).toBe(200)
    expect(String(board.body)).not.toContain('You are banned from this board')
    expect(String(board.body)).toContain('Staff can still read')
    expect(String((await admin.request('GET', `/board/tech/thread/${t.body.threadId}`)).body)).not.toContain(
      'You are banned from this board',
    )
    expect((await admin.request('GET', `/api/boards/tech/threads/${t.body.threadId}/posts`)).status).toBe(200)
    expect((await admin.request('GET', '/api/boards/tech/threads')).status).toBe(200)
    const reply = await postForm(
      `${server.url}/api/boards/tech/threads/${t.body.threadId}/posts`,
      form({ content: 'staff reply' }),
      { ...as(STAFF_IP), Cookie: admin.cookie },
    )
    expect(reply.status).toBe(201)
  })
})
