// No 5xx, no hang, on a malformed body: deeply nested JSON, broken multipart bodies to the API and to the posting
// form pages, bad JSON shapes and bad content types on every write endpoint of app/api (staff ones with a session),
// sent over raw sockets to a real server (tests/helpers/fuzz.ts). Any 5xx, any answer slower than 5 s, and any
// connection closed without an answer fails.
import { describe, expect, it } from 'vitest'
import { apiRoutes } from '../helpers/app-routes'
import {
  expectSane,
  FIELD_NAMES,
  handledMethods,
  JSON_TYPE,
  multipart,
  nested,
  NOT_WITH_SESSION,
  send,
  sessionHeaders,
  withFuzzServer,
  valid,
  validTarget,
} from '../helpers/fuzz'

withFuzzServer()

describe('the malformed requests of the issue', () => {
  it.each([10_000, 20_000, 32_000])(
    "deeply nested JSON (%i levels) in a vote's option_ids answers 400",
    async (depth) => {
      const res = await send({
        method: 'POST',
        target: `/api/boards/tech/surveys/${valid.surveyId}/vote`,
        headers: JSON_TYPE,
        body: nested(depth),
      })
      expectSane(res, `vote nested ${depth}`)
      expect(res.status).toBe(400)
      expect(JSON.parse(res.body.toString())).toEqual({
        error: 'Validation failed',
        details: [{ field: 'body', message: 'JSON nested deeper than 32 levels' }],
      })
    },
  )

  const b = 'fuzzboundary'
  const multipartCases: [string, string][] = [
    ['a part whose Content-Disposition has no name', multipart(b, ['Content-Disposition: form-data\r\n\r\nhello'])],
    [
      'a file part whose Content-Disposition has no name',
      multipart(b, ['Content-Disposition: form-data; filename="a.png"\r\nContent-Type: image/png\r\n\r\nPNG']),
    ],
    ['a part with an empty name', multipart(b, ['Content-Disposition: form-data; name=""\r\n\r\nhello'])],
    [
      'a body that ends without its closing boundary',
      multipart(b, ['Content-Disposition: form-data; name="content"\r\n\r\nhello'], false),
    ],
    ['a body cut inside a part header', `--${b}\r\nContent-Disposition: form-da`],
    [
      'a field sent twice',
      multipart(b, [
        'Content-Disposition: form-data; name="content"\r\n\r\none',
        'Content-Disposition: form-data; name="content"\r\n\r\ntwo',
      ]),
    ],
    [
      'two files',
      multipart(b, [
        'Content-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nx',
        'Content-Disposition: form-data; name="image"; filename="b.png"\r\n\r\ny',
      ]),
    ],
    [
      'a file under another name',
      multipart(b, ['Content-Disposition: form-data; name="avatar"; filename="a.png"\r\n\r\nx']),
    ],
    ['a part without Content-Disposition', multipart(b, ['Content-Type: text/plain\r\n\r\nhello'])],
    ['an empty body', ''],
    ['no boundary at all', 'just some text'],
  ]
  const postMultipart = (target: string, body: string) =>
    send({ method: 'POST', target, headers: [['Content-Type', `multipart/form-data; boundary=${b}`]], body })

  it.each(multipartCases)('multipart: %s answers 400 at once', async (_name, body) => {
    for (const target of ['/api/boards/tech/threads', `/api/boards/tech/threads/${valid.threadId}/posts`]) {
      const res = await postMultipart(target, body)
      expectSane(res, `${_name} on ${target}`)
      expect(res.status, `${_name} on ${target}`).toBe(400)
    }
  })

  // The posting forms without JavaScript send the same multipart to their pages (server actions).
  it.each(multipartCases)('multipart to a posting form page: %s answers 4xx at once', async (_name, body) => {
    for (const target of ['/board/tech/create-thread', `/board/tech/thread/${valid.threadId}`]) {
      const res = await postMultipart(target, body)
      expectSane(res, `${_name} on ${target}`)
      expect(res.status, `${_name} on ${target}`).toBeLessThan(500)
    }
  })

  it('a POST to a page without a posting form answers 405', async () => {
    for (const target of ['/', '/board/tech', '/rules', '/admin/users/create', '/board/tech/archive']) {
      const res = await postMultipart(target, multipart(b, ['Content-Disposition: form-data\r\n\r\nhello']))
      expect(res.status, target).toBe(405)
    }
  })
})

describe('a corpus of known-bad requests', () => {
  const jsonShapes: [string, string][] = [
    ['an array', '[]'],
    ['null', 'null'],
    ['a string', '"text"'],
    ['a huge number', '1e999'],
    ['malformed', '{"a":'],
    ['prototype keys', '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}'],
    [
      'wrong types for every field',
      JSON.stringify(
        Object.fromEntries(
          FIELD_NAMES.map((k, i) => [
            k,
            [null, 1e308, -1, { a: [] }, 'x'.repeat(5000), true, [1, [2, [3]]], '\u0000\u202e'][i % 8],
          ]),
        ),
      ),
    ],
    ['deep nesting', nested(20_000)],
    ['a body over 64 KiB', JSON.stringify({ content: 'x'.repeat(70 * 1024) })],
    ['invalid UTF-8', '{"content":"\xff\xfe"}'],
  ]
  const writeRoutes = apiRoutes().flatMap((route) =>
    handledMethods(route)
      .filter((m) => m !== 'GET')
      .map((method) => ({ route, method })),
  )

  it('lists the JSON endpoints from the file tree', () => {
    expect(writeRoutes.length).toBeGreaterThan(15)
    expect(writeRoutes.map((w) => `${w.method} ${w.route.template}`)).toContain(
      'POST /api/boards/[boardId]/surveys/[surveyId]/vote',
    )
  })

  it('bad JSON shapes on every JSON endpoint (staff ones with a session)', async () => {
    for (const { route, method } of writeRoutes) {
      if (NOT_WITH_SESSION.has(route.template)) continue
      for (const [shape, body] of jsonShapes) {
        const headers: [string, string][] = [
          ['Content-Type', 'application/json'],
          ...(route.staff ? sessionHeaders() : []),
        ]
        expectSane(
          await send({ method, target: validTarget(route), headers, body: Buffer.from(body, 'latin1') }),
          `${method} ${route.template} with ${shape}`,
        )
      }
    }
  })

  it('bad content types on every write endpoint', async () => {
    const types = [
      'text/plain',
      'application/json; charset=utf-16',
      'multipart/form-data',
      'multipart/form-data; boundary=',
      `multipart/form-data; boundary=${'b'.repeat(300)}`,
      'application/x-www-form-urlencoded',
      'image/png',
      '',
      ';;;',
      'application/json, text/html',
    ]
    for (const { route, method } of writeRoutes) {
      if (NOT_WITH_SESSION.has(route.template)) continue
      for (const type of types) {
        const headers: [string, string][] = [['Content-Type', type], ...(route.staff ? sessionHeaders() : [])]
        expectSane(
          await send({ method, target: validTarget(route), headers, body: 'a=1&b=%ff&' }),
          `${method} ${route.template} as ${type}`,
        )
      }
    }
  })
})
