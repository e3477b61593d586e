// No 5xx, no hang, on a malformed request line or path: bad percent-encoding in path parameters, request targets
// that are not paths, bad and unknown methods, queries with thousands of parameters or odd values, path traversal,
// overlong ids, unicode and null bytes in every path parameter of app/api and of every page, sent over raw sockets
// to a real server (tests/helpers/fuzz.ts). Any 5xx, any answer slower than 5 s, and any connection closed without
// an answer fails.
import { describe, expect, it } from 'vitest'
import { apiRoutes, fillTemplate, pageRoutes } from '../helpers/app-routes'
import {
  expectSane,
  handledMethods,
  host,
  send,
  sessionHeaders,
  withFuzzServer,
  valid,
  validTarget,
  fuzzServer,
} from '../helpers/fuzz'
import { rawExchange } from '../helpers/raw-http'

withFuzzServer()

describe('the malformed requests of the issue', () => {
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
})

describe('a corpus of known-bad requests', () => {
  it('bad methods', async () => {
    const routes = [...apiRoutes(), ...pageRoutes()]
    for (const method of ['get', 'TRACE', 'OPTIONS', 'PATCH', 'DELETE', 'HEAD']) {
      for (const route of routes)
        expectSane(await send({ method, target: validTarget(route), body: '' }), `${method} ${route.template}`)
    }
    for (const line of ['G@T / HTTP/1.1', 'GET / HTTP/9.9', 'GET /\u0000 HTTP/1.1', 'GET / / HTTP/1.1', 'GET']) {
      expectSane(
        await rawExchange(
          fuzzServer().port,
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
