// Cross-origin clients: only allow-listed origins get CORS answers with credentials, may write,
// may open sockets, and then both cookies are SameSite=None; Secure. The default deployment has no CORS.
import { io as connect } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { startServer, type TestServer } from '../helpers/server'

const CLIENT = 'https://client.example'
let server: TestServer
beforeAll(async () => {
  server = await startServer({ env: { CORS_ORIGINS: `${CLIENT},https://other.example:8443` } })
})
afterAll(async () => {
  await server?.stop()
})

const socketFrom = (origin: string) =>
  new Promise<boolean>((resolve) => {
    const s = connect(server.url, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: { Origin: origin },
    })
    s.once('connect', () => {
      s.close()
      resolve(true)
    })
    s.once('connect_error', () => {
      s.close()
      resolve(false)
    })
  })

describe('with CORS_ORIGINS', () => {
  it('answers a preflight from an allow-listed origin', async () => {
    const res = await fetch(`${server.url}/api/boards/tech/threads`, {
      method: 'OPTIONS',
      headers: {
        Origin: CLIENT,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'x-csrf-token',
      },
    })
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-origin')).toBe(CLIENT)
    expect(res.headers.get('access-control-allow-credentials')).toBe('true')
    expect(res.headers.get('access-control-allow-headers')).toContain('X-CSRF-Token')
    expect(res.headers.get('access-control-allow-methods')).toContain('DELETE')
  })

  it('lets an allow-listed origin read and write, with cross-site cookies', async () => {
    const read = await fetch(`${server.url}/api/boards`, { headers: { Origin: CLIENT } })
    expect(read.headers.get('access-control-allow-origin')).toBe(CLIENT)
    expect(read.headers.get('vary')).toContain('Origin')
    const write = await postForm(
      `${server.url}/api/boards/tech/threads`,
      form({ topic: 'From afar', content: 'hello' }, { name: 'a.png', bytes: await png() }),
      { Origin: CLIENT },
    )
    expect(write.status).toBe(201)
    expect(write.headers.get('access-control-allow-origin')).toBe(CLIENT)
    expect(write.headers.get('set-cookie')).toMatch(/cb_poster=[^;]+;.*SameSite=None; Secure/)
    const csrf = await fetch(`${server.url}/api/admin/csrf-token`, { headers: { Origin: CLIENT } })
    expect(csrf.headers.get('set-cookie')).toMatch(/cb_session=.*SameSite=None/i)
    expect(csrf.headers.get('set-cookie')).toMatch(/; Secure/i)
  })

  it('gives other origins no CORS answer and refuses their writes and sockets', async () => {
    const read = await fetch(`${server.url}/api/boards`, { headers: { Origin: 'https://evil.example' } })
    expect(read.headers.get('access-control-allow-origin')).toBeNull()
    const write = await postForm(`${server.url}/api/boards/tech/threads`, form({ topic: 'x', content: 'y' }), {
      Origin: 'https://evil.example',
    })
    expect(write).toMatchObject({ status: 403, body: { error: 'Forbidden origin' } })
    expect(await socketFrom('https://evil.example')).toBe(false)
    expect(await socketFrom('https://other.example:8443')).toBe(true)
  })
})

it('refuses a malformed allow-list at start-up', async () => {
  await expect(startServer({ env: { CORS_ORIGINS: 'client.example' } })).rejects.toThrow(
    /CORS_ORIGINS: must be a comma-separated list of origins/,
  )
})
