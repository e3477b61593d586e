// GET /api/openapi.json from the real server: a valid OpenAPI 3.1 document (checked by @readme/openapi-parser)
// that covers every route file, served to any origin; and the server's live answers (public, staff, 4chan and
// errors) match the response schemas the document gives for them.
import { validate } from '@readme/openapi-parser'
import Ajv2020 from 'ajv/dist/2020'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiRoutes } from '../helpers/app-routes'
import { as, form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { roomyRateLimits, startServer, type TestServer } from '../helpers/server'
import { loggedInAdmin, type StaffClient } from '../helpers/staff'

type Json = any // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer
let doc: Json
let admin: StaffClient
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true })

beforeAll(async () => {
  server = await startServer({
    env: {
      RATE_LIMITS: roomyRateLimits('report', 'surveyCreate', 'staffWrite'),
      // The refusals test needs a banned address (from X-Forwarded-For) and the duplicate-post rule on.
      TRUST_PROXY_HOPS: '1',
      DUPLICATE_TEXT_SECONDS: '600',
    },
  })
  doc = await (await fetch(server.url + '/api/openapi.json')).json()
  ajv.addSchema(doc, 'openapi')
  admin = await loggedInAdmin(server)
})
afterAll(async () => {
  await server?.stop()
})

/** Problems of a live answer against the schema the document gives for this operation and status. */
function mismatches(path: string, method: string, status: number, body: unknown): unknown[] {
  const response = doc.paths[path]?.[method.toLowerCase()]?.responses?.[status]
  if (!response) return [`${method} ${path} documents no ${status} answer`]
  const pointer = [
    'paths',
    path,
    method.toLowerCase(),
    'responses',
    String(status),
    'content',
    'application/json',
    'schema',
  ]
    .map((s) => s.replaceAll('~', '~0').replaceAll('/', '~1'))
    .join('/')
  const check = ajv.compile({ $ref: `openapi#/${pointer}` })
  return check(body) ? [] : (check.errors ?? [])
}

async function call(path: string, init: RequestInit = {}) {
  const res = await fetch(server.url + path, init)
  return { status: res.status, body: await res.json() }
}

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document, served as JSON to any origin', async () => {
    const res = await fetch(server.url + '/api/openapi.json', { headers: { Origin: 'https://elsewhere.example' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    const body = await res.json()
    expect(body.openapi).toBe('3.1.0')
    const result = await validate(structuredClone(body))
    expect(result.valid ? [] : result.errors).toEqual([])
    expect(result.valid).toBe(true)
  })

  it('documents every route file under app/api, itself included', () => {
    const files = apiRoutes()
      .map((r) => r.template)
      .filter((t) => !t.includes('[...'))
      .map((t) => t.replace(/\[(\w+)\]/g, '{$1}'))
    expect(Object.keys(doc.paths).sort()).toEqual(files.sort())
    expect(doc.paths['/api/openapi.json'].get).toBeDefined()
  })

  it('notes roles, the session cookie and CSRF on staff operations', () => {
    const createBoard = doc.paths['/api/admin/boards'].post
    expect(createBoard['x-corkboard-role']).toBe('admin')
    expect(createBoard['x-corkboard-csrf']).toBe(true)
    expect(createBoard.security).toEqual([{ staffSession: [], csrfToken: [] }])
    expect(doc.paths['/api/admin/reports'].get.security).toEqual([{ staffSession: [] }])
    expect(doc.components.securitySchemes.staffSession).toMatchObject({ in: 'cookie', name: 'cb_session' })
    expect(doc.components.securitySchemes.csrfToken).toMatchObject({ in: 'header', name: 'X-CSRF-Token' })
    expect(doc.paths['/api/boards'].get['x-corkboard-role']).toBeUndefined()
  })
})

describe('live answers match the documented schemas', () => {
  it('public reads, posting and errors', async () => {
    const image = { name: 'a.png', bytes: await png(), type: 'image/png' }
    const created = await postForm(
      `${server.url}/api/boards/tech/threads`,
      form({ topic: 'Documented', content: 'Hello' }, image),
    )
    expect(created.status).toBe(201)
    expect(mismatches('/api/boards/{boardId}/threads', 'POST', 201, created.body)).toEqual([])
    const { threadId } = created.body
    const reply = await postForm(
      `${server.url}/api/boards/tech/threads/${threadId}/posts`,
      form({ content: 'A reply', spoiler: 'true' }, image),
    )
    expect(mismatches('/api/boards/{boardId}/threads/{threadId}/posts', 'POST', 201, reply.body)).toEqual([])

    const reads: [string, string][] = [
      ['/api/boards', '/api/boards'],
      ['/api/boards/{boardId}', '/api/boards/tech'],
      ['/api/boards/{boardId}/threads', '/api/boards/tech/threads'],
      ['/api/boards/{boardId}/threads/{threadId}', `/api/boards/tech/threads/${threadId}`],
      ['/api/boards/{boardId}/threads/{threadId}/posts', `/api/boards/tech/threads/${threadId}/posts`],
      ['/api/search', '/api/search?q=hello'],
      ['/api/stats', '/api/stats'],
      ['/api/stats/hourly', '/api/stats/hourly?hours=3'],
      ['/api/health', '/api/health'],
      ['/api/admin/csrf-token', '/api/admin/csrf-token'],
    ]
    for (const [template, url] of reads) {
      const { status, body } = await call(url)
      expect(status, url).toBe(200)
      expect(mismatches(template, 'GET', 200, body), url).toEqual([])
    }

    const report = await call(`/api/boards/tech/posts/${reply.body.postId}/reports`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ category: 'spam' }),
    })
    expect(report.status).toBe(201)
    expect(mismatches('/api/boards/{boardId}/posts/{postId}/reports', 'POST', 201, report.body)).toEqual([])

    const invalid = await postForm(`${server.url}/api/boards/tech/threads`, form({ topic: '' }))
    expect(invalid.status).toBe(400)
    expect(mismatches('/api/boards/{boardId}/threads', 'POST', 400, invalid.body)).toEqual([])
    const missing = await call('/api/boards/nosuchbd')
    expect(missing.status).toBe(404)
    expect(mismatches('/api/boards/{boardId}', 'GET', 404, missing.body)).toEqual([])
    const badQuery = await call('/api/search?q=')
    expect(badQuery.status).toBe(400)
    expect(mismatches('/api/search', 'GET', 400, badQuery.body)).toEqual([])
  })

  it('a banned visitor and a duplicate post', async () => {
    const ban = await admin.write('POST', '/api/admin/bans', {
      ip_address: '203.0.113.77',
      reason: 'Spam',
      board_id: 'tech',
    })
    expect(ban.status).toBe(201)
    const banned = await postForm(
      `${server.url}/api/boards/tech/threads`,
      form({ topic: 'Refused', content: 'From a banned address' }),
      as('203.0.113.77'),
    )
    expect({ status: banned.status, error: banned.body.error }).toEqual({ status: 403, error: 'Banned' })
    expect(mismatches('/api/boards/{boardId}/threads', 'POST', 403, banned.body)).toEqual([])

    const image = { name: 'b.png', bytes: await png(41, 31), type: 'image/png' }
    const first = await postForm(
      `${server.url}/api/boards/tech/threads`,
      form({ topic: 'Once', content: 'Said once' }, image),
    )
    expect(first.status).toBe(201)
    const twice = await postForm(
      `${server.url}/api/boards/tech/threads/${first.body.threadId}/posts`,
      form({ content: 'Said once' }),
    )
    expect({ status: twice.status, error: twice.body.error }).toEqual({ status: 409, error: 'Duplicate post' })
    expect(mismatches('/api/boards/{boardId}/threads/{threadId}/posts', 'POST', 409, twice.body)).toEqual([])
  })

  it('staff answers', async () => {
    const ban = await admin.write('POST', '/api/admin/bans', {
      ip_address: '203.0.113.9',
      reason: 'Spam',
      board_id: 'tech',
    })
    expect(ban.status).toBe(201)
    expect(mismatches('/api/admin/bans', 'POST', 201, ban.body)).toEqual([])
    const reads: [string, string][] = [
      ['/api/admin/me', '/api/admin/me'],
      ['/api/admin/bans', '/api/admin/bans'],
      ['/api/admin/bans/{id}', `/api/admin/bans/${ban.body.ban.id}`],
      ['/api/admin/boards', '/api/admin/boards'],
      ['/api/admin/users', '/api/admin/users'],
      ['/api/admin/actions', '/api/admin/actions'],
      ['/api/admin/actions/stats', '/api/admin/actions/stats'],
      ['/api/admin/filters', '/api/admin/filters'],
      ['/api/admin/reports', '/api/admin/reports'],
      ['/api/admin/reports/counts', '/api/admin/reports/counts'],
      ['/api/admin/rangebans', '/api/admin/rangebans'],
      ['/api/admin/rangebans/stats', '/api/admin/rangebans/stats'],
      ['/api/admin/settings/contact', '/api/admin/settings/contact'],
      ['/api/admin/housekeeping/status', '/api/admin/housekeeping/status'],
      ['/api/admin/ip-history/{ip}', '/api/admin/ip-history/203.0.113.9'],
    ]
    for (const [template, url] of reads) {
      const { status, body } = await admin.request('GET', url)
      expect(status, url).toBe(200)
      expect(mismatches(template, 'GET', 200, body), url).toEqual([])
    }
    const anonymous = await call('/api/admin/me')
    expect(anonymous.status).toBe(401)
    expect(mismatches('/api/admin/me', 'GET', 401, anonymous.body)).toEqual([])
  })

  it('4chan-compatible files match the 4chan contracts in the document', async () => {
    const { body: boards } = await call('/api/4chan/boards.json')
    expect(mismatches('/api/4chan/boards.json', 'GET', 200, boards)).toEqual([])
    const { status, body: catalog } = await call('/api/4chan/tech/catalog.json')
    expect(status).toBe(200)
    expect(mismatches('/api/4chan/{boardId}/catalog.json', 'GET', 200, catalog)).toEqual([])
    const no = catalog[0].threads[0].no
    const { body: thread } = await call(`/api/4chan/tech/thread/${no}.json`)
    expect(mismatches('/api/4chan/{boardId}/thread/{file}', 'GET', 200, thread)).toEqual([])
    const { body: page } = await call('/api/4chan/tech/1.json')
    expect(mismatches('/api/4chan/{boardId}/{page}', 'GET', 200, page)).toEqual([])
  })

  it('the schema check itself refuses a wrong answer', () => {
    expect(mismatches('/api/boards', 'GET', 200, { boards: [{ id: 'tech' }] })).not.toEqual([])
    expect(mismatches('/api/boards', 'GET', 200, { boards: [], extra: 1 })).not.toEqual([])
    expect(mismatches('/api/boards', 'GET', 201, {})).toEqual(['GET /api/boards documents no 201 answer'])
    expect(mismatches('/api/4chan/{boardId}/thread/{file}', 'GET', 200, { posts: [] })).not.toEqual([])
    expect(mismatches('/api/4chan/{boardId}/thread/{file}', 'GET', 200, { posts: [{ no: 1 }] })).not.toEqual([])
  })
})
