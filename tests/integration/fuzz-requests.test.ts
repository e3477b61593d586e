// No 5xx, no hang, on any malformed request: a corpus of known-bad requests (the cases of the issue by name, then
// bad methods, odd headers, content types, JSON shapes on every JSON endpoint, query strings, multipart bodies,
// path traversal, overlong ids, unicode and null bytes) and a property-based run (fast-check) over every route of
// app/api and every page, visitor and logged-in staff, sent over raw sockets to a real server. Any 5xx, any answer
// slower than 5 s, and any connection closed without an answer fails.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiRoutes, fillTemplate, pageRoutes, type AppRoute } from '../helpers/app-routes'
import { form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { encodeRequest, rawExchange, rawRequest, type RawRequest, type RawResponse } from '../helpers/raw-http'
import { ROOT, startServer, type TestServer } from '../helpers/server'
import { createStaff, loggedInAdmin, type StaffClient } from '../helpers/staff'

const LIMIT_MS = 5_000
/** Runs of the property-based part; with the corpus this keeps the file to about a minute per database. */
const PROPERTY_RUNS = 600

let server: TestServer
let admin: StaffClient
let image: Buffer
const valid: Record<string, string> = { boardId: 'tech', id: '1', ip: '127.0.0.1', banId: '1', path: 'nothing/here' }

beforeAll(async () => {
  server = await startServer({
    env: {
      RATE_LIMITS: JSON.stringify(
        Object.fromEntries(
          [
            'api',
            'threadCreate',
            'postCreate',
            'surveyCreate',
            'vote',
            'visitorDelete',
            'appeal',
            'loginFailUser',
            'loginFailIp',
            'staffWrite',
          ].map((name) => [name, { points: 1_000_000 }]),
        ),
      ),
      // Short slow-client limits, so that the slowloris cases end quickly.
      HTTP_HEADERS_TIMEOUT_SECONDS: '2',
      HTTP_REQUEST_TIMEOUT_SECONDS: '4',
      HTTP_IDLE_TIMEOUT_SECONDS: '6',
    },
  })
  image = await png()
  const thread = await postForm(
    `${server.url}/api/boards/tech/threads`,
    form({ topic: 'Fuzz', content: 'target' }, { name: 'a.png', bytes: image }),
  )
  expect(thread.status).toBe(201)
  const owner = thread.headers.get('set-cookie')!.split(';')[0]
  const survey = await fetch(
    `${server.url}/api/boards/tech/threads/${thread.body.threadId}/posts/${thread.body.postId}/survey`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: owner },
      body: JSON.stringify({ survey_type: 'multiple', question: 'Q?', options: ['a', 'b'] }),
    },
  )
  expect(survey.status).toBe(201)
  Object.assign(valid, {
    threadId: String(thread.body.threadId),
    postId: String(thread.body.postId),
    surveyId: String((await survey.json()).survey.id),
  })
  admin = await loggedInAdmin(server)
  // Staff ids in paths point at a janitor, so fuzzed user edits never lock the admin out.
  valid.id = String((await createStaff(server.database, { username: 'fuzzjanitor', role: 'janitor' })).id)
})
afterAll(async () => {
  await server?.stop()
})

const host = () => `127.0.0.1:${server.port}`
const send = (request: RawRequest) =>
  rawRequest(server.port, { ...request, headers: [['Host', host()], ...(request.headers ?? [])] }, LIMIT_MS + 2_000)
const sessionHeaders = (): [string, string][] => [
  ['Cookie', admin.cookie],
  ['X-CSRF-Token', admin.csrf],
]
/**
 * Not sent with the admin's session: logging out would end it, and a housekeeping run takes its seconds whatever the
 * body says (it reads none).
 */
const NOT_WITH_SESSION = new Set(['/api/admin/logout', '/api/admin/housekeeping/run'])

/** The rule of this file: an answer, below 500, within 5 s (a request asking for an upgrade may be dropped instead). */
function expectSane(res: RawResponse, what: string, upgrade = false) {
  const seen = `${what} → ${res.status ?? 'no answer'} in ${res.ms} ms\n${res.head}\n${res.body.subarray(0, 300).toString()}`
  expect(res.hung, seen).toBe(false)
  expect(res.ms, seen).toBeLessThan(LIMIT_MS)
  if (!upgrade) expect(res.status, seen).not.toBeNull()
  if (res.status !== null) expect(res.status, seen).toBeLessThan(500)
}

const multipart = (boundary: string, parts: string[], closed = true) =>
  parts.map((p) => `--${boundary}\r\n${p}\r\n`).join('') + (closed ? `--${boundary}--\r\n` : '')

const nested = (depth: number) => `{"option_ids":${'['.repeat(depth)}${']'.repeat(depth)}}`
const JSON_TYPE: [string, string][] = [['Content-Type', 'application/json']]

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

  it('invalid percent-encoding in a path parameter (%ff as the board id) answers 400 on the API', async () => {
    for (const target of [
      '/api/boards/%ff',
      '/api/boards/%ff/threads',
      '/api/boards/tech/threads/%ff/posts',
      '/api/admin/boards/%ff',
      '/api/%ff',
    ]) {
      const res = await send({ target })
      expectSane(res, target)
      expect(res.status, target).toBe(400)
      expect(JSON.parse(res.body.toString()).error).toBe('Validation failed')
    }
  })

  it('invalid percent-encoding in a path parameter (%ff as the board id) shows the 404 page on pages', async () => {
    const notFound = await send({ target: '/no-such-page' })
    expect(notFound.status).toBe(404)
    for (const target of [
      '/board/%ff',
      '/board/%ff/thread/1',
      '/board/tech/thread/%ff',
      '/post/%ff',
      '/admin/bans/%ff',
      '/%c0%af',
    ]) {
      const res = await send({ target })
      expectSane(res, target)
      expect(res.status, target).toBe(404)
      expect(res.head, target).toMatch(/content-type: text\/html/i)
      expect(res.body.toString(), target).toContain('Page Not Found')
    }
  })

  it.each(['GET', 'OPTIONS', 'HEAD', 'POST'])('the asterisk request target (%s *) answers 400', async (method) => {
    const res = await send({ method, target: '*' })
    expectSane(res, `${method} *`)
    expect(res.status).toBe(400)
  })

  it.each(['http://localhost/api/boards', 'localhost:80', 'api/boards'])(
    'a request target that is not a path (%s) answers 400',
    async (target) => {
      const res = await send({ target })
      expectSane(res, target)
      expect(res.status).toBe(400)
    },
  )

  it('a query string with thousands of parameters answers 400 at once', async () => {
    for (const target of [`/api/boards?${'x=1&'.repeat(3000)}`, `/board/tech?${'x=1&'.repeat(3000)}`]) {
      const res = await send({ target })
      expectSane(res, target.slice(0, 40))
      expect(res.status).toBe(400)
      expect(res.ms).toBeLessThan(1_000)
    }
  })

  it('an unknown method (TRACE, PROPFIND) answers 405', async () => {
    for (const method of ['TRACE', 'PROPFIND', 'MKCOL']) {
      const res = await send({ method, target: '/api/boards' })
      expectSane(res, method)
      expect(res.status).toBe(405)
    }
  })

  it('CONNECT answers 400', async () => {
    const res = await send({ method: 'CONNECT', target: 'example.com:443' })
    expectSane(res, 'CONNECT')
    expect(res.status).toBe(400)
  })

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
  it.each(multipartCases)('multipart: %s answers 400 at once', async (_name, body) => {
    for (const target of ['/api/boards/tech/threads', `/api/boards/tech/threads/${valid.threadId}/posts`]) {
      const res = await send({
        method: 'POST',
        target,
        headers: [['Content-Type', `multipart/form-data; boundary=${b}`]],
        body,
      })
      expectSane(res, `${_name} on ${target}`)
      expect(res.status, `${_name} on ${target}`).toBe(400)
    }
  })

  // The posting forms without JavaScript send the same multipart to their pages (server actions).
  it.each(multipartCases)('multipart to a posting form page: %s answers 4xx at once', async (_name, body) => {
    for (const target of ['/board/tech/create-thread', `/board/tech/thread/${valid.threadId}`]) {
      const res = await send({
        method: 'POST',
        target,
        headers: [['Content-Type', `multipart/form-data; boundary=${b}`]],
        body,
      })
      expectSane(res, `${_name} on ${target}`)
      expect(res.status, `${_name} on ${target}`).toBeLessThan(500)
    }
  })

  it('a POST to a page without a posting form answers 405', async () => {
    for (const target of ['/', '/board/tech', '/rules', '/admin/users/create', '/board/tech/archive']) {
      const res = await send({
        method: 'POST',
        target,
        headers: [['Content-Type', `multipart/form-data; boundary=${b}`]],
        body: multipart(b, ['Content-Disposition: form-data\r\n\r\nhello']),
      })
      expect(res.status, target).toBe(405)
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
      server.port,
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
    const res = await rawExchange(server.port, [head, ...[...Buffer.from(body)].map((c) => Buffer.from([c]))], {
      pauseMs: 200,
      timeoutMs: 15_000,
    })
    // requestTimeout is 4 s here.
    expect(res.hung).toBe(false)
    expect(res.ms).toBeLessThan(8_000)
    expect(res.status === null || res.status === 408 || res.status === 400, String(res.status)).toBe(true)
  })

  it('a connection that sends nothing', async () => {
    const res = await rawExchange(server.port, [], { timeoutMs: 15_000 })
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
    const res = await rawExchange(server.port, pieces, { pauseMs: 500, timeoutMs: 15_000 })
    expect(res.status, res.body.toString()).toBe(201)
  })
})

/** Methods a route file exports with a handler of its own (not the 405 stubs). */
function handledMethods(route: AppRoute): string[] {
  const dir = route.template.replace(/^\/api/, 'app/api')
  const source = readFileSync(path.join(ROOT, dir, 'route.ts'), 'utf8')
  const stubbed = /export const \{([^}]*)\} = methodNotAllowed/.exec(source)?.[1] ?? ''
  const exported = [...source.matchAll(/export (?:const|async function|function) (GET|POST|PUT|PATCH|DELETE)\b/g)].map(
    (m) => m[1],
  )
  const reexported = [...source.matchAll(/export \{([^}]*)\}/g)].flatMap((m) =>
    [...m[1].matchAll(/\bas (GET|POST|PUT|PATCH|DELETE)\b/g)].map((x) => x[1]),
  )
  return [...new Set([...exported, ...reexported])].filter((m) => !stubbed.includes(m))
}

const validTarget = (route: AppRoute) =>
  fillTemplate(
    route,
    route.params.map((p) => valid[p] ?? '1'),
  )

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
          [
            'option_ids',
            'survey_type',
            'question',
            'options',
            'username',
            'password',
            'email',
            'role',
            'boards',
            'reason',
            'duration',
            'ban_type',
            'ban_value',
            'board_id',
            'content',
            'color',
            'is_sticky',
            'sticky',
            'name',
            'description',
            'nsfw',
            'appeal_text',
            'status',
            'decision_reason',
            'ip_address',
            'is_active',
          ].map((k, i) => [
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

  it('bad methods', async () => {
    const routes = [...apiRoutes(), ...pageRoutes()]
    for (const method of ['get', 'TRACE', 'OPTIONS', 'PATCH', 'DELETE', 'HEAD']) {
      for (const route of routes)
        expectSane(await send({ method, target: validTarget(route), body: '' }), `${method} ${route.template}`)
    }
    for (const line of ['G@T / HTTP/1.1', 'GET / HTTP/9.9', 'GET /\u0000 HTTP/1.1', 'GET / / HTTP/1.1', 'GET']) {
      expectSane(
        await rawExchange(
          server.port,
          Buffer.from(`${line}\r\nHost: ${host()}\r\nConnection: close\r\n\r\n`, 'latin1'),
        ),
        line,
      )
    }
  })

  it('bad query strings on every GET route and page', async () => {
    const queries = [
      '?after=%ff&page=-1&limit=1e999&q=%00&from=x&to=y&includeSurveys=maybe&a=1&a=2&%ff=%ff&=&&%',
      `?${'x=1&'.repeat(3000)}`,
      '?after=99999999999999999999&before=-0&__proto__[x]=1&constructor=1',
    ]
    const routes = [...apiRoutes().filter((r) => handledMethods(r).includes('GET')), ...pageRoutes()]
    for (const route of routes) {
      for (const query of queries) {
        expectSane(
          await send({ target: validTarget(route) + query, headers: route.staff ? sessionHeaders() : [] }),
          `${route.template}${query.slice(0, 40)}`,
        )
      }
    }
  })

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

  it('path traversal, overlong ids, unicode and null bytes in every path parameter', async () => {
    const hostile = [
      '%2e%2e',
      '..%2f..%2fpackage.json',
      '%00',
      '%',
      '%c0%ae',
      '-1',
      '1e3',
      '2147483648',
      '9'.repeat(300),
      'a'.repeat(8000),
      'т',
      '%F0%9F%92%A9%E2%80%AE',
      '__proto__',
      "'%3B--%3Cscript%3E",
    ]
    for (const route of [...apiRoutes(), ...pageRoutes()].filter((r) => r.params.length)) {
      for (let p = 0; p < route.params.length; p++) {
        for (const value of hostile) {
          const target = fillTemplate(
            route,
            route.params.map((name, i) => (i === p ? value : (valid[name] ?? '1'))),
          )
          expectSane(await send({ target, headers: route.staff ? sessionHeaders() : [] }), target.slice(0, 120))
        }
      }
    }
    for (const target of [
      '/media/../../package.json',
      '/media/%2e%2e/%2e%2e/package.json',
      '/media/..%2f..%2fpackage.json',
      '/flags/4x3/../../../package.json',
      '/flags/4x3/%2e%2e%2f%2e%2e%2fpackage.json',
      '/_next/static/../../package.json',
      '/_next/static/%2e%2e/%2e%2e/package.json',
    ]) {
      const res = await send({ target })
      expectSane(res, target)
      expect(res.body.toString(), target).not.toContain('"name": "corkboard"')
    }
  })
})

describe('property: any request to any route', () => {
  const routes = [...apiRoutes(), ...pageRoutes()]
  const hostileSegment = fc.oneof(
    fc.constantFrom(
      '%ff',
      '..',
      '%2f',
      '%00',
      '0',
      '-1',
      '2147483648',
      '9'.repeat(40),
      'ü',
      '%F0%9F%92%A9',
      '__proto__',
    ),
    fc.string({ maxLength: 20 }).map(encodeURIComponent),
    fc.string({ maxLength: 12, unit: 'binary' }).map((s) => encodeURIComponent(s).replace(/%2F/g, '/')),
    fc.integer().map(String),
  )
  const jsonValue = fc.oneof(
    fc.jsonValue({ maxDepth: 4 }),
    fc.constantFrom(null, -0, 1e308, '', '\u0000', 'x'.repeat(3000)),
  )
  const knownFields = fc.dictionary(
    fc.constantFrom(
      'option_ids',
      'survey_type',
      'question',
      'options',
      'username',
      'password',
      'role',
      'boards',
      'reason',
      'duration',
      'ban_type',
      'ban_value',
      'board_id',
      'content',
      'color',
      'sticky',
      'is_sticky',
      'name',
      'description',
      'nsfw',
      'appeal_text',
      'status',
      'email',
      'is_active',
    ),
    jsonValue,
    { maxKeys: 6 },
  )
  const part = fc.record({
    name: fc.option(fc.constantFrom('topic', 'content', 'image', 'dont_bump', 'x', '', '__proto__'), {
      nil: undefined,
    }),
    filename: fc.option(fc.constantFrom('a.png', '../../etc/passwd', '', 'ü.gif', 'a\u0000.png'), { nil: undefined }),
    type: fc.option(fc.constantFrom('image/png', 'text/plain', 'application/octet-stream', 'image/gif'), {
      nil: undefined,
    }),
    data: fc.oneof(fc.string({ maxLength: 200 }), fc.constant('PNG')),
  })
  const multipartBody = fc
    .record({ parts: fc.array(part, { maxLength: 4 }), closed: fc.boolean() })
    .map(({ parts, closed }) => ({
      type: 'multipart/form-data; boundary=fc',
      body: multipart(
        'fc',
        parts.map(
          (p) =>
            `Content-Disposition: form-data${p.name === undefined ? '' : `; name="${p.name}"`}${p.filename === undefined ? '' : `; filename="${p.filename}"`}` +
            `${p.type ? `\r\nContent-Type: ${p.type}` : ''}\r\n\r\n${p.data}`,
        ),
        closed,
      ),
    }))
  const body = fc.oneof(
    fc.constant(undefined),
    jsonValue.map((v) => ({ type: 'application/json', body: JSON.stringify(v) ?? '' })),
    knownFields.map((v) => ({ type: 'application/json', body: JSON.stringify(v) })),
    fc.integer({ min: 10_000, max: 32_000 }).map((d) => ({ type: 'application/json', body: nested(d) })),
    multipartBody,
    fc.record({
      type: fc.constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/octet-stream',
        'application/json',
        '',
      ),
      body: fc.string({ maxLength: 300, unit: 'binary' }),
    }),
  )
  const header = fc.constantFrom<[string, string]>(
    ['Cookie', 'cb_session=garbage'],
    ['Origin', 'http://evil.example'],
    ['X-CSRF-Token', 'nope'],
    ['RSC', '1'],
    ['Next-Router-State-Tree', '%ff'],
    ['Accept', 'application/json'],
    ['X-Forwarded-For', '::1'],
    ['Range', 'bytes=5-1'],
    ['Accept-Language', '*;q=x'],
  )
  const request = fc.record({
    route: fc.constantFrom(...routes),
    segments: fc.array(fc.option(hostileSegment, { freq: 2, nil: undefined }), { minLength: 4, maxLength: 4 }),
    method: fc.constantFrom('GET', 'GET', 'POST', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'),
    query: fc.option(
      fc.dictionary(
        fc.constantFrom('after', 'page', 'limit', 'from', 'to', 'includeSurveys', 'q', 'days', 'board', '%ff'),
        fc.oneof(fc.string({ maxLength: 10 }).map(encodeURIComponent), fc.constantFrom('%ff', '-1', '1e999', 'true')),
      ),
      { nil: undefined },
    ),
    session: fc.boolean(),
    body,
    headers: fc.array(header, { maxLength: 2 }),
  })

  it(`no 5xx and no hang (${PROPERTY_RUNS} runs)`, async () => {
    let sent = 0
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        sent++
        if (r.session && NOT_WITH_SESSION.has(r.route.template)) return
        const values = r.route.params.map((name, i) => r.segments[i] ?? valid[name] ?? '1')
        const query =
          r.query && Object.keys(r.query).length
            ? '?' +
              Object.entries(r.query)
                .map(([k, v]) => `${k}=${v}`)
                .join('&')
            : ''
        const headers: [string, string][] = [
          ...r.headers,
          ...(r.session && r.route.staff ? sessionHeaders() : []),
          ...(r.body?.type ? [['Content-Type', r.body.type] as [string, string]] : []),
        ]
        const target = fillTemplate(r.route, values) + query
        expectSane(
          await send({
            method: r.method,
            target,
            headers,
            body: r.body === undefined ? undefined : Buffer.from(r.body.body, 'latin1'),
          }),
          `${r.method} ${target.slice(0, 200)}`,
        )
      }),
      { numRuns: PROPERTY_RUNS, endOnFailure: true },
    )
    expect(sent).toBe(PROPERTY_RUNS)
  }, 180_000)
})
