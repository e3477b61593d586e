// No 5xx, no hang, on any request: a property-based run (fast-check) over every route of app/api and every page,
// visitor and logged-in staff, with hostile path segments, methods, queries, headers and JSON or multipart bodies,
// sent over raw sockets to a real server (tests/helpers/fuzz.ts); a navigation Next redirects to its `_rsc` address
// is sent again there, so that pages render with the hostile navigation headers. Any 5xx, any answer slower than
// 5 s, and any connection closed without an answer fails.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { apiRoutes, fillTemplate, pageRoutes } from '../helpers/app-routes'
import {
  expectSane,
  FIELD_NAMES,
  multipart,
  nested,
  NOT_WITH_SESSION,
  sendFollowingNavigation,
  sessionHeaders,
  withFuzzServer,
  valid,
} from '../helpers/fuzz'

/** Runs of the property-based part; with the corpus this keeps the file to about a minute per database. */
const PROPERTY_RUNS = 600

withFuzzServer()

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
  const knownFields = fc.dictionary(fc.constantFrom(...FIELD_NAMES), jsonValue, { maxKeys: 6 })
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
          await sendFollowingNavigation({
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
