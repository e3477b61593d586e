// Corkboard behind nginx configured with deploy/nginx.conf (TLS, HTTP/1.1 keep-alive upstream, WebSocket
// upgrade) and TRUST_PROXY_HOPS=1: pages, a 4 MiB upload, live updates over WebSocket, the client address nginx
// forwards (and not one a client claims), and the page cache's compression and revalidation through the proxy.
// Visitors connect from different loopback addresses (127.0.0.2, 127.0.0.3, …) so that the address nginx
// forwards differs from nginx's own (127.0.0.1), which is the one Corkboard sees as its TCP peer.
import { existsSync } from 'node:fs'
import { request } from 'node:https'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import sharp from 'sharp'
import { io as connect } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { form } from '../helpers/http'
import { png } from '../helpers/media'
import { freePort, NGINX, startNginx, type Nginx } from '../helpers/nginx'
import { roomyRateLimits, startServer, type TestServer } from '../helpers/server'
import type { Client } from '../helpers/sockets'
import { loggedInAdmin } from '../helpers/staff'

const METRICS_TOKEN = 'metrics-token-for-the-nginx-test'
let server: TestServer
let nginx: Nginx
const sockets: Client[] = []

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

/** One HTTPS request to nginx from the loopback address `from`, as a browser on that address would send it. */
function viaNginx(
  path: string,
  opts: { from: string; method?: string; headers?: Record<string, string>; body?: Buffer },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        servername: 'localhost',
        port: nginx.port,
        path,
        method: opts.method ?? 'GET',
        headers: { Host: `localhost:${nginx.port}`, ...opts.headers },
        ca: nginx.ca,
        localAddress: opts.from,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(opts.body)
  })
}

/** A multipart form as bytes with its content type, for sending over node:https. */
async function multipart(data: FormData): Promise<{ body: Buffer; headers: Record<string, string> }> {
  const encoded = new Request('http://form.invalid/', { method: 'POST', body: data })
  return {
    body: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'Content-Type': encoded.headers.get('content-type')! },
  }
}

async function postThread(from: string, headers: Record<string, string> = {}, image?: Buffer) {
  const { body, headers: formHeaders } = await multipart(
    form({ topic: 'through nginx', content: `from ${from}` }, { name: 'a.png', bytes: image ?? (await png()) }),
  )
  const res = await viaNginx('/api/boards/tech/threads', {
    from,
    method: 'POST',
    headers: { ...formHeaders, ...headers },
    body,
  })
  return { status: res.status, json: JSON.parse(res.body.toString('utf8')) }
}

async function postReply(from: string, threadId: number, content: string) {
  const { body, headers } = await multipart(form({ content }))
  const res = await viaNginx(`/api/boards/tech/threads/${threadId}/posts`, { from, method: 'POST', headers, body })
  return { status: res.status, json: JSON.parse(res.body.toString('utf8')) }
}

beforeAll(async () => {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: apt-get install nginx-light (.ci/run does)`)
  const nginxPort = await freePort()
  server = await startServer({
    env: {
      TRUST_PROXY_HOPS: '1',
      PUBLIC_ORIGIN: `https://localhost:${nginxPort}`,
      METRICS_TOKEN,
      RATE_LIMITS: roomyRateLimits(),
    },
  })
  nginx = await startNginx(server.port, nginxPort)
}, 120_000)

afterAll(async () => {
  for (const s of sockets) s.close()
  await nginx?.stop()
  await server?.stop()
})

describe('behind nginx', () => {
  it('serves pages over TLS', async () => {
    const home = await viaNginx('/', { from: '127.0.0.2' })
    expect(home.status).toBe(200)
    expect(String(home.headers['content-type'])).toMatch(/^text\/html/)
    const board = await viaNginx('/board/tech', { from: '127.0.0.2' })
    expect(board.status).toBe(200)
    expect(board.body.toString('utf8')).toContain('</html>')
  })

  it('keeps gzip, brotli and ETag/304 revalidation of cached pages intact', async () => {
    await viaNginx('/board/tech', { from: '127.0.0.2' }) // warm the page cache
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const page = await viaNginx('/board/tech', { from: '127.0.0.2', headers: { 'Accept-Encoding': encoding } })
      expect(page.status).toBe(200)
      expect(page.headers['x-corkboard-cache']).toBe('HIT')
      expect(page.headers['content-encoding']).toBe(encoding)
      expect(decode(page.body).toString('utf8')).toContain('</html>')
      const etag = String(page.headers.etag)
      expect(etag).toMatch(/^"/)
      const again = await viaNginx('/board/tech', {
        from: '127.0.0.2',
        headers: { 'Accept-Encoding': encoding, 'If-None-Match': etag },
      })
      expect(again.status).toBe(304)
      expect(again.body.length).toBe(0)
    }
  })

  it('accepts a 4 MiB upload', async () => {
    const image = await sharp({
      create: {
        width: 1180,
        height: 1180,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .png({ compressionLevel: 0 })
      .toBuffer()
    expect(image.length).toBeGreaterThan(3.9 * 1024 * 1024)
    expect(image.length).toBeLessThanOrEqual(4 * 1024 * 1024)
    const res = await postThread('127.0.0.2', {}, image)
    expect(res.status, JSON.stringify(res.json)).toBe(201)
  })

  it('carries socket.io over WebSocket: a reply posted through nginx arrives live', async () => {
    const thread = await postThread('127.0.0.2')
    expect(thread.status).toBe(201)
    // engine.io hands TLS and socket options (ca, localAddress) to its WebSocket client.
    const options = {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      ca: nginx.ca.toString('utf8'),
      localAddress: '127.0.0.5',
    }
    const socket: Client = connect(`https://localhost:${nginx.port}`, options)
    sockets.push(socket)
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve)
      socket.once('connect_error', reject)
    })
    expect(socket.io.engine.transport.name).toBe('websocket')
    const joined = await new Promise((resolve) => socket.emit('join_board', `tech-${thread.json.threadId}`, resolve))
    expect(joined).toMatchObject({ ok: true })
    const live = new Promise<string>((resolve) => socket.once('post_created', (p) => resolve(p.post.content)))
    expect((await postReply('127.0.0.3', thread.json.threadId, 'live through the proxy')).status).toBe(201)
    expect(await live).toBe('live through the proxy')
  })

  it('sees the address nginx forwarded: a ban on it applies, and a forged X-Forwarded-For changes nothing', async () => {
    const admin = await loggedInAdmin(server)
    const ban = await admin.write('POST', '/api/admin/bans', {
      ip_address: '127.0.0.6',
      board_id: 'tech',
      reason: 'proxy test',
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    })
    expect(ban.status, JSON.stringify(ban.body)).toBe(201)

    const banned = await postThread('127.0.0.6')
    expect(banned.status).toBe(403)
    expect(banned.json).toMatchObject({ error: 'Banned' })
    // Claiming another address does not get the banned visitor out ...
    expect((await postThread('127.0.0.6', { 'X-Forwarded-For': '198.51.100.7' })).status).toBe(403)
    // ... nor does claiming the banned address get someone else banned.
    expect((await postThread('127.0.0.7', { 'X-Forwarded-For': '127.0.0.6' })).status).toBe(201)
    expect((await postThread('127.0.0.7')).status).toBe(201)
  })

  it('does not expose /metrics through the site, even with the token', async () => {
    const headers = { Authorization: `Bearer ${METRICS_TOKEN}` }
    expect((await viaNginx('/metrics', { from: '127.0.0.2', headers })).status).toBe(404)
    expect((await fetch(`${server.url}/metrics`, { headers })).status).toBe(200)
  })
})
