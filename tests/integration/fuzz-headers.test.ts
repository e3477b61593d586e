// No 5xx, no hang, on odd headers and slow clients: huge and many headers, forged cookies, origins, Next's router
// headers and the proxy's own, bad lengths and encodings, upgrades, an unknown server action; headers or a body
// trickled a byte at a time (slowloris) are cut off while a steady upload is stored. Sent over raw sockets to a real
// server (tests/helpers/fuzz.ts). Any 5xx, any answer slower than 5 s, and any connection closed without an answer
// fails.
import { describe, expect, it } from 'vitest'
import {
  expectSane,
  fuzzServer,
  host,
  multipart,
  send,
  sendFollowingNavigation,
  withFuzzServer,
  valid,
} from '../helpers/fuzz'
import { encodeRequest, rawExchange } from '../helpers/raw-http'

withFuzzServer()

describe('a corpus of known-bad requests', () => {
  it('odd and huge headers', async () => {
    const cases: [string, string][][] = [
      [['X-Big', 'a'.repeat(20_000)]],
      Array.from({ length: 300 }, (_, i) => [`X-H${i}`, 'v'] as [string, string]),
      [['Cookie', 'cb_session=garbage; cb_poster=%ff%00']],
      [['Cookie', `cb_session=${'Fe26.2*'.repeat(50)}`]],
      [['Cookie', '=;=;;;']],
      [['Origin', 'null']],
      [['Origin', 'http://evil.example']],
      [['X-Forwarded-For', 'not-an-ip, 999.1.1.1']],
      [['Accept', '*/*;q=abc']],
      [['Accept-Encoding', 'br;q=2, gzip;q=-1']],
      [['Range', 'bytes=999999999-']],
      [['If-None-Match', '"x"'.repeat(100)]],
      [['RSC', '1']],
      [
        ['RSC', '1'],
        ['Next-Router-State-Tree', '%ff'],
      ],
      [
        ['RSC', '1'],
        ['Next-Router-State-Tree', '[[[[[[["x"]]]]]]]'],
      ],
      [
        ['Next-Router-Prefetch', '1'],
        ['RSC', '1'],
      ],
      [['Next-Url', '%ff']],
      [['X-Corkboard-Render', 'forged']],
      [['X-Corkboard-Client-Ip', '1.2.3.4']],
      [['Host', '']],
      [['Host', 'evil.example:99999']],
      [['Expect', '100-continue']],
      [['Expect', 'teapot']],
      [['Content-Length', '-1']],
      [['Content-Length', '1, 2']],
      [['Transfer-Encoding', 'gzip']],
      [
        ['Upgrade', 'websocket'],
        ['Connection', 'Upgrade'],
      ],
      [
        ['Sec-Fetch-Mode', 'navigate'],
        ['Sec-Fetch-Dest', 'document'],
      ],
    ]
    const targets = [
      '/',
      '/board/tech',
      `/board/tech/thread/${valid.threadId}`,
      '/api/boards',
      `/api/boards/tech/threads/${valid.threadId}/posts`,
      '/admin',
      '/api/admin/me',
    ]
    for (const headers of cases) {
      for (const target of targets) {
        const upgrade = headers.some(([n]) => n === 'Upgrade')
        expectSane(
          await send({ target, headers }),
          `${target} with ${headers.map(([n, v]) => `${n}: ${v.slice(0, 30)}`).join(', ')}`,
          upgrade,
        )
      }
    }
    // A server action id that does not exist, on a page.
    expectSane(
      await send({
        method: 'POST',
        target: '/board/tech',
        headers: [
          ['Next-Action', 'deadbeef'],
          ['Content-Type', 'text/plain'],
        ],
        body: '[]',
      }),
      'Next-Action',
    )
  })

  // Next answers a navigation whose router state it cannot parse with a 500, on found pages and on its 404 page.
  it('a malformed router state header is a 400 on any page; a well-formed one is served', async () => {
    const navigate = (target: string, tree: string) =>
      sendFollowingNavigation({
        target,
        headers: [
          ['RSC', '1'],
          ['Next-Router-State-Tree', tree],
        ],
      })
    const wellFormed = encodeURIComponent(JSON.stringify(['', { children: ['board', {}] }]))
    for (const target of ['/board/tech', `/board/tech/thread/${valid.threadId}`, '/board/tech/thread/99999', '/nope']) {
      for (const tree of ['x', '%ff', '[[[[[[["x"]]]]]]]', encodeURIComponent('["",{"children":7}]')]) {
        const res = await navigate(target, tree)
        expect(res.status, `${target} with ${tree}`).toBe(400)
        expect(res.body.toString()).toMatch(/router state/i)
      }
      const res = await navigate(target, wellFormed)
      // A missing thread's payload may carry its not-found page with a 200, as Next streams it.
      expect(res.status, `${target} with a well-formed tree`).toBe(target === '/nope' ? 404 : 200)
    }
  })
})

describe('slow clients (slowloris) are cut off', () => {
  it('headers trickled a byte at a time', async () => {
    const bytes = encodeRequest({
      target: '/api/boards',
      headers: [
        ['Host', host()],
        ['X-Padding', 'a'.repeat(40)],
      ],
    })
    const res = await rawExchange(
      fuzzServer().port,
      [...bytes].map((c) => Buffer.from([c])),
      { pauseMs: 200, timeoutMs: 15_000 },
    )
    // headersTimeout is 2 s here; limits are checked every second.
    expect(res.hung).toBe(false)
    expect(res.ms).toBeLessThan(6_000)
    expect([408, null]).toContain(res.status)
  })

  it('a body trickled a byte at a time', async () => {
    const body = multipart('slow', ['Content-Disposition: form-data; name="content"\r\n\r\n' + 'x'.repeat(200)])
    const head = encodeRequest({
      method: 'POST',
      target: `/api/boards/tech/threads/${valid.threadId}/posts`,
      headers: [
        ['Host', host()],
        ['Content-Type', 'multipart/form-data; boundary=slow'],
        ['Content-Length', String(Buffer.byteLength(body))],
      ],
    })
    const res = await rawExchange(fuzzServer().port, [head, ...[...Buffer.from(body)].map((c) => Buffer.from([c]))], {
      pauseMs: 200,
      timeoutMs: 15_000,
    })
    // requestTimeout is 4 s here.
    expect(res.hung).toBe(false)
    expect(res.ms).toBeLessThan(8_000)
    expect(res.status === null || res.status === 408 || res.status === 400, String(res.status)).toBe(true)
  })

  it('a connection that sends nothing', async () => {
    const res = await rawExchange(fuzzServer().port, [], { timeoutMs: 15_000 })
    // Cut by the header limit (2 s here: Node starts it with the connection), at the latest by the idle limit (6 s).
    expect(res.hung).toBe(false)
    expect(res.ms).toBeLessThan(10_000)
  })

  it('an upload sent at a steady pace within the limits is stored', async () => {
    const body = multipart('steady', ['Content-Disposition: form-data; name="content"\r\n\r\nsteady reply'])
    const bytes = encodeRequest({
      method: 'POST',
      target: `/api/boards/tech/threads/${valid.threadId}/posts`,
      headers: [
        ['Host', host()],
        ['Content-Type', 'multipart/form-data; boundary=steady'],
      ],
      body,
    })
    const pieces = Array.from({ length: 6 }, (_, i) =>
      bytes.subarray(Math.floor((i * bytes.length) / 6), Math.floor(((i + 1) * bytes.length) / 6)),
    )
    // Headers done within 2 s, the request within 4 s, never silent for 6 s: 6 pieces 500 ms apart.
    const res = await rawExchange(fuzzServer().port, pieces, { pauseMs: 500, timeoutMs: 15_000 })
    expect(res.status, res.body.toString()).toBe(201)
  })
})
