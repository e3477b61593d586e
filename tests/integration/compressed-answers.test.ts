// What Next answers outside the page cache (here all of it: PAGE_CACHE_MB=0) is compressed by server.ts
// (lib/http/compress-answers.ts): brotli when the visitor accepts it, else gzip, nothing when asked for nothing,
// always the same bytes once decoded; the read API's thread list, made of kept entries, as gzip of their kept
// compressed forms; JSON errors and the answers to writes, which are small, as they are. A cache render asks for identity and is
// never compressed, which the page-cache tests cover (they decode what the cache stores).
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, form, httpRequest, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { roomyRateLimits, startServer, type TestServer } from '../helpers/server'

let server: TestServer
let threadId: number
beforeAll(async () => {
  server = await startServer({
    env: { PAGE_CACHE_MB: '0', TRUST_PROXY_HOPS: '1', RATE_LIMITS: roomyRateLimits() },
  })
  // Enough text that the board's thread list is well over the 1 KB below which nothing is compressed.
  for (let i = 0; i < 3; i++) {
    const res = await postForm(
      `${server.url}/api/boards/tech/threads`,
      form(
        { topic: `Compressed ${i}`, content: `A long opening post number ${i}. `.repeat(60) },
        { name: 'a.png', bytes: await png() },
      ),
      as(`203.0.113.${i + 1}`),
    )
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    threadId = (res.body as { threadId: number }).threadId
  }
}, 120_000)
afterAll(async () => {
  await server?.stop()
})

/** The bytes as sent (fetch would decompress them). */
const rawGet = (path: string, encoding?: string, extra: Record<string, string> = {}) =>
  httpRequest(server.url + path, {
    headers: { ...(encoding === undefined ? {} : { 'accept-encoding': encoding }), ...extra },
  })

describe('answers made for one request', () => {
  it('are sent as brotli, gzip or as they are by Accept-Encoding, the same bytes once decoded', async () => {
    const path = `/api/boards/tech/threads/${threadId}/posts`
    const plain = await rawGet(path, 'identity')
    expect(plain.status).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.length).toBeGreaterThan(1024)
    expect(plain.headers.vary).toMatch(/accept-encoding/i)

    const br = await rawGet(path, 'gzip, deflate, br')
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.body).toString()).toBe(plain.body.toString())
    expect(br.body.length).toBeLessThan(plain.body.length / 2)

    const gz = await rawGet(path, 'gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.body).toString()).toBe(plain.body.toString())

    const none = await rawGet(path)
    expect(none.headers['content-encoding']).toBeUndefined()
    expect(none.body.toString()).toBe(plain.body.toString())
  })

  it("sends the read API's lists compressed in one piece, with their length", async () => {
    const list = '/api/boards/tech/threads'
    const posts = `/api/boards/tech/threads/${threadId}/posts`
    for (const [path, accept, encoding] of [
      [posts, 'gzip, deflate, br', 'br'],
      [posts, 'gzip', 'gzip'],
      // The list's entries are kept between answers (read once already above), and so are their compressed forms:
      // the list goes as gzip put together from them to whoever takes gzip (lib/http/gzip-parts.ts).
      [list, 'gzip, deflate, br', 'gzip'],
      [list, 'gzip', 'gzip'],
      [list, 'br', 'br'],
    ] as const) {
      const plain = await rawGet(path, 'identity')
      expect(plain.headers['content-length']).toBe(String(plain.body.length))
      expect(plain.headers.vary).toBe('Accept-Encoding')
      const packed = await rawGet(path, accept)
      expect(packed.headers['content-encoding'], `${path} ${accept}`).toBe(encoding)
      expect(packed.headers['transfer-encoding']).toBeUndefined()
      expect(packed.headers['content-length']).toBe(String(packed.body.length))
      expect(packed.headers.vary).toBe('Accept-Encoding')
      const decode = encoding === 'br' ? brotliDecompressSync : gunzipSync
      expect(decode(packed.body).toString()).toBe(plain.body.toString())
      expect(packed.body.length).toBeLessThan(plain.body.length / 2)
    }
  })

  it('puts the list together again after a reply, from the kept entries and the one that changed', async () => {
    const reply = await postForm(
      `${server.url}/api/boards/tech/threads/${threadId}/posts`,
      form({ content: 'A reply the list shows among the latest' }),
      as('203.0.113.60'),
    )
    expect(reply.status).toBe(201)
    const packed = await rawGet('/api/boards/tech/threads', 'gzip, deflate, br')
    expect(packed.headers['content-encoding']).toBe('gzip')
    const plain = await rawGet('/api/boards/tech/threads', 'identity')
    expect(gunzipSync(packed.body).toString()).toBe(plain.body.toString())
    expect(plain.body.toString()).toContain('A reply the list shows among the latest')
  })

  it('sends JSON errors and the answers to writes as they are: they are small', async () => {
    const error = await rawGet('/api/boards/tech/threads/999999', 'gzip, deflate, br')
    expect(error.status).toBe(404)
    expect(error.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(error.body.toString())).toEqual({ error: expect.any(String) })

    const reply = await postForm(
      `${server.url}/api/boards/tech/threads/${threadId}/posts`,
      form({ content: 'A reply' }),
      as('203.0.113.50', { 'Accept-Encoding': 'gzip, deflate, br' }),
    )
    expect(reply.status).toBe(201)
    expect(reply.headers.get('content-encoding')).toBeNull()
  })

  it('compresses a page Next streams, whole', async () => {
    const page = await rawGet('/board/tech', 'gzip')
    expect(page.status).toBe(200)
    expect(page.headers['content-encoding']).toBe('gzip')
    const html = gunzipSync(page.body).toString()
    expect(html).toContain('Compressed 2')
    expect(html.trimEnd()).toMatch(/<\/html>$/)
  })

  it('gives Next’s static files the default levels, no larger than Next’s gzip was, and parts of them as stored', async () => {
    const html = (await rawGet('/board/tech', 'identity')).body.toString()
    const script = html.match(/\/_next\/static\/[^"]+\.js/g)?.[0]
    expect(script).toBeDefined()
    const plain = await rawGet(script!, 'identity')
    expect([plain.status, plain.headers['content-encoding']]).toEqual([200, undefined])
    const br = await rawGet(script!, 'gzip, deflate, br')
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true)
    // Quality 4, not the 1 of answers made for one request; and no larger than gzip at its default level.
    const q4 = brotliCompressSync(plain.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
    expect(br.body.length).toBe(q4.length)
    expect(br.body.length).toBeLessThanOrEqual(gzipSync(plain.body).length)

    const part = await rawGet(script!, 'gzip, deflate, br', { range: 'bytes=0-99' })
    expect(part.status).toBe(206)
    expect(part.headers['content-encoding']).toBeUndefined()
    expect(part.body.equals(plain.body.subarray(0, 100))).toBe(true)
  })
})
