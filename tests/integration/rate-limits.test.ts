// Creation limits with their defaults: 3 threads per 15 minutes per address. Each test uses a
// random IPv6 address so that repeated runs (the Redis counters outlive a run) never meet old counts.
import { randomBytes } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { as, form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { startServer, type TestServer } from '../helpers/server'

const randomIp = () => `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::1`
const servers: TestServer[] = []
afterAll(async () => {
  for (const s of servers.reverse()) await s.stop()
})

async function thread(server: TestServer, ip: string, fields = { topic: 't', content: 'c' }) {
  return postForm(`${server.url}/api/boards/tech/threads`, form(fields, { name: 'a.png', bytes: await png() }), as(ip))
}

describe('all API requests', () => {
  it('are limited per address (here lowered to 5 per minute); health checks never are', async () => {
    const server = await startServer({
      env: { TRUST_PROXY_HOPS: '1', RATE_LIMITS: JSON.stringify({ api: { points: 5 } }) },
    })
    servers.push(server)
    const ip = randomIp()
    for (let i = 0; i < 5; i++) expect((await fetch(`${server.url}/api/boards`, { headers: as(ip) })).status).toBe(200)
    const limited = await fetch(`${server.url}/api/boards`, { headers: as(ip) })
    expect(limited.status).toBe(429)
    expect(await limited.json()).toEqual({ error: 'Rate limited', retryAfter: expect.any(Number) })
    for (let i = 0; i < 8; i++) expect((await fetch(`${server.url}/api/health`, { headers: as(ip) })).status).toBe(200)
    expect((await fetch(`${server.url}/api/boards`, { headers: as(randomIp()) })).status).toBe(200)
  })
})

describe('cached API answers', () => {
  it('count toward the API limit like any other request, and the cache’s own renders do not', async () => {
    const server = await startServer({
      env: { TRUST_PROXY_HOPS: '1', RATE_LIMITS: JSON.stringify({ api: { points: 4 } }) },
    })
    servers.push(server)
    const created = await thread(server, randomIp())
    const posts = `${server.url}/api/boards/tech/threads/${created.body.threadId}/posts`
    const ip = randomIp()
    // MISS (the render through the cache is not counted against anybody), then three HITs: four requests.
    const answers = []
    for (let i = 0; i < 4; i++) {
      const res = await fetch(posts, { headers: as(ip) })
      answers.push([res.status, res.headers.get('x-corkboard-cache')])
    }
    expect(answers).toEqual([
      [200, 'MISS'],
      [200, 'HIT'],
      [200, 'HIT'],
      [200, 'HIT'],
    ])
    const limited = await fetch(posts, { headers: as(ip) })
    expect(limited.status).toBe(429)
    expect(await limited.json()).toEqual({ error: 'Rate limited', retryAfter: expect.any(Number) })
  })
})

describe('thread creation limit', () => {
  it('allows 3 threads per 15 minutes and then answers 429 with Retry-After; rejected requests count too', async () => {
    const server = await startServer({ env: { TRUST_PROXY_HOPS: '1' } })
    servers.push(server)
    const ip = randomIp()
    expect((await thread(server, ip)).status).toBe(201)
    expect((await thread(server, ip, { topic: '', content: '' })).status).toBe(400) // counts
    expect((await thread(server, ip)).status).toBe(201)
    const limited = await thread(server, ip)
    expect(limited.status).toBe(429)
    expect(limited.body).toEqual({ error: 'Rate limited', retryAfter: expect.any(Number) })
    expect(limited.body.retryAfter).toBeGreaterThanOrEqual(1)
    expect(limited.body.retryAfter).toBeLessThanOrEqual(900)
    expect(limited.headers.get('retry-after')).toBe(String(limited.body.retryAfter))
    // Another address is unaffected.
    expect((await thread(server, randomIp())).status).toBe(201)
  })

  it('does not count a file refused for its content (415), so the visitor can choose another file at once', async () => {
    const server = await startServer({ env: { TRUST_PROXY_HOPS: '1' } })
    servers.push(server)
    const ip = randomIp()
    const html = { name: 'a.png', bytes: Buffer.from('<html><body>not an image</body></html>') }
    for (let i = 0; i < 4; i++) {
      expect(
        (await postForm(`${server.url}/api/boards/tech/threads`, form({ topic: 't', content: 'c' }, html), as(ip)))
          .status,
      ).toBe(415)
    }
    for (let i = 0; i < 3; i++) expect((await thread(server, ip)).status).toBe(201)
    expect((await thread(server, ip)).status).toBe(429)
    // Once the limit is reached, nothing is read or stored: the refusal comes first.
    expect(
      (await postForm(`${server.url}/api/boards/tech/threads`, form({ topic: 't', content: 'c' }, html), as(ip)))
        .status,
    ).toBe(429)
  })

  it('shares counters across processes through Redis', async () => {
    const env = {
      TRUST_PROXY_HOPS: '1',
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_PREFIX: `cb-test-${randomBytes(4).toString('hex')}`,
    }
    const a = await startServer({ env, keep: true })
    servers.push(a)
    const b = await startServer({ env, dataDir: a.dataDir, database: a.database })
    servers.push(b)
    const ip = randomIp()
    expect((await thread(a, ip)).status).toBe(201)
    expect((await thread(b, ip)).status).toBe(201)
    expect((await thread(a, ip)).status).toBe(201)
    expect((await thread(b, ip)).status).toBe(429)
  })
})
