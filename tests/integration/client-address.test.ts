// The client address is the TCP peer unless trusted proxy hops are configured; forwarded and
// look-alike headers from the client never change it. Observed through a ban on the spoofed address.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startServer, type TestServer } from '../helpers/server'
import { loggedInAdmin } from '../helpers/staff'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
  const admin = await loggedInAdmin(server)
  for (const ban of [
    { ip_address: '198.51.100.77', board_id: null, reason: 'spoof test' },
    { ip_address: '127.0.0.1', board_id: 'anime', reason: 'loopback test' },
  ])
    expect((await admin.write('POST', '/api/admin/bans', { ...ban, expires_at: null })).status).toBe(201)
})
afterAll(async () => {
  await server?.stop()
})

it('ignores X-Forwarded-For, X-Real-IP, CF-Connecting-IP and our internal header without trusted hops', async () => {
  const res = await fetch(`${server.url}/api/boards/tech/threads`, {
    headers: {
      'X-Forwarded-For': '198.51.100.77',
      'X-Real-IP': '198.51.100.77',
      'CF-Connecting-IP': '198.51.100.77',
      'True-Client-IP': '198.51.100.77',
      'X-Corkboard-Client-IP': '198.51.100.77',
    },
  })
  expect(res.status).toBe(200)
})

it('uses the TCP peer address', async () => {
  const res = await fetch(`${server.url}/api/boards/anime/threads`, {
    headers: { 'X-Corkboard-Client-IP': '203.0.113.9' },
  })
  expect(res.status).toBe(403)
  expect((await res.json()).ban.reason).toBe('loopback test')
})
