// New threads and replies are answered by server.ts calling their route handlers without Next's router
// (lib/http/direct-routes.ts). What reaches the handler and what the client gets must not change with the way there:
// the origin check, decoded parameters, the poster cookie, a complete answer, a connection that stays usable after
// a refusal that never read the body, and a client that leaves mid-upload; what the router does not take is Next's.
import { Agent, request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { form, httpRequest, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { roomyRateLimits, startServer, type TestServer } from '../helpers/server'
import { sql } from '../helpers/sql'

let server: TestServer
let threadId: number
beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMITS: roomyRateLimits() } })
  const created = await postForm(
    `${server.url}/api/boards/tech/threads`,
    form({ topic: 'Direct', content: 'op' }, { name: 'a.png', bytes: await png() }),
  )
  expect(created.status).toBe(201)
  threadId = created.body.threadId
})
afterAll(async () => {
  await server?.stop()
})

const postCount = async () =>
  Number(
    (await sql<{ n: number }>(server.database, 'SELECT count(*) AS n FROM posts WHERE thread_id = ?', threadId))[0].n,
  )

/** One request on `agent`, with a raw multipart body; the answer's body as text. */
async function send(agent: Agent, method: string, path: string, body = '', headers: Record<string, string> = {}) {
  const res = await httpRequest(`${server.url}${path}`, { method, agent, headers, body })
  return { ...res, body: res.body.toString('utf8') }
}

const multipart = (boundary: string, fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('') + `--${boundary}--\r\n`
const MULTIPART = (boundary: string) => ({ 'Content-Type': `multipart/form-data; boundary=${boundary}` })

describe('replies answered without Next', () => {
  it('answer completely: status, message, poster cookie, security headers and a stated length', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const res = await send(
      agent,
      'POST',
      `/api/boards/t%65ch/threads/${threadId}/posts`,
      multipart('b1', { content: 'decoded board' }),
      MULTIPART('b1'),
    )
    agent.destroy()
    expect(res.status).toBe(201)
    expect(JSON.parse(res.body)).toMatchObject({ message: 'Post created successfully', postId: expect.any(Number) })
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body))
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(String(res.headers['set-cookie'])).toMatch(
      /^cb_poster=[^;]+; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax$/,
    )
  })

  it('refuse a foreign origin before reading the body, and the connection serves the next request', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const before = await postCount()
    const big = multipart('b2', { content: 'x'.repeat(60_000) })
    const refused = await send(agent, 'POST', `/api/boards/tech/threads/${threadId}/posts`, big, {
      ...MULTIPART('b2'),
      Origin: 'https://evil.example',
    })
    expect(refused.status).toBe(403)
    expect(JSON.parse(refused.body)).toEqual({ error: 'Forbidden origin' })
    const missing = await send(agent, 'POST', '/api/boards/tech/threads/999999/posts', big, MULTIPART('b2'))
    expect(missing.status).toBe(404)
    expect(missing.reused).toBe(true)
    const next = await send(
      agent,
      'POST',
      `/api/boards/tech/threads/${threadId}/posts`,
      multipart('b3', { content: 'after' }),
      MULTIPART('b3'),
    )
    expect(next.status).toBe(201)
    expect(next.reused).toBe(true)
    agent.destroy()
    expect(await postCount()).toBe(before + 1)
  })

  it('a client that leaves mid-upload costs nothing: no post, and the server answers the next one', async () => {
    const before = await postCount()
    await new Promise<void>((resolve) => {
      const req = request(`${server.url}/api/boards/tech/threads/${threadId}/posts`, {
        method: 'POST',
        headers: { ...MULTIPART('b4'), 'Content-Length': '2000000' },
      })
      req.on('error', () => resolve())
      req.write(`--b4\r\nContent-Disposition: form-data; name="content"\r\n\r\n${'y'.repeat(100_000)}`)
      setTimeout(() => {
        req.destroy()
        resolve()
      }, 300)
    })
    const agent = new Agent({ keepAlive: true })
    const after = await send(
      agent,
      'POST',
      `/api/boards/tech/threads/${threadId}/posts`,
      multipart('b5', { content: 'still here' }),
      MULTIPART('b5'),
    )
    agent.destroy()
    expect(after.status).toBe(201)
    expect(await postCount()).toBe(before + 1)
  })

  it('leave what the router does not take to Next: a trailing slash, other methods', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const slash = await send(agent, 'POST', `/api/boards/tech/threads/${threadId}/posts/`, '', MULTIPART('b6'))
    expect(slash.status).toBe(308)
    expect(slash.headers.location).toBe(`/api/boards/tech/threads/${threadId}/posts`)
    const put = await send(agent, 'PUT', `/api/boards/tech/threads/${threadId}/posts`)
    expect(put.status).toBe(405)
    expect(put.headers.allow).toBe('GET, POST')
    agent.destroy()
  })
})
