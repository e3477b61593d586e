// The server and the rule shared by the fuzz tests (tests/integration/fuzz-*.test.ts): a server with rate limits
// out of the way and short slow-client limits, a thread with an image and a poll to aim at, a logged-in admin, raw
// requests, and expectSane(): an answer, below 500, within 5 s.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, expect } from 'vitest'
import type { AppRoute } from './app-routes'
import { fillTemplate } from './app-routes'
import { form, postForm } from './http'
import { png } from './media'
import { rawRequest, type RawRequest, type RawResponse } from './raw-http'
import { ROOT, startServer, type TestServer } from './server'
import { createStaff, loggedInAdmin, type StaffClient } from './staff'

export const LIMIT_MS = 5_000

let server: TestServer
let admin: StaffClient
/** Values of path parameters that name something that exists (the thread, its post and poll, a janitor). */
export const valid: Record<string, string> = {
  boardId: 'tech',
  id: '1',
  ip: '127.0.0.1',
  banId: '1',
  path: 'nothing/here',
}

/** Starts the server before the file's tests and stops it after them. */
export function withFuzzServer(): void {
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
    const image = await png()
    const thread = await setUpStep(() =>
      postForm(
        `${server.url}/api/boards/tech/threads`,
        form({ topic: 'Fuzz', content: 'target' }, { name: 'a.png', bytes: image }),
      ),
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
}

/**
 * A set-up write, tried again after its Retry-After while the server answers 503: several fuzz files start their
 * servers at once, and a fresh server's first statements may wait past the database timeouts on a loaded CI machine
 * (the documented 503, as a client would retry it). The fuzzed requests themselves are never retried.
 */
async function setUpStep<T extends { status: number; headers: Headers }>(send: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const res = await send()
    if (res.status !== 503 || attempt === 5) return res
    const seconds = Math.min(5, Number(res.headers.get('retry-after')) || 1)
    await new Promise((resolve) => setTimeout(resolve, seconds * 1_000))
  }
}

export const fuzzServer = () => server
export const host = () => `127.0.0.1:${server.port}`
export const send = (request: RawRequest) =>
  rawRequest(server.port, { ...request, headers: [['Host', host()], ...(request.headers ?? [])] }, LIMIT_MS + 2_000)
/**
 * Sends the request and, when Next redirects a navigation (`RSC: 1`) to the address with its `_rsc` parameter, the
 * same request again there: only that second request renders the page with the navigation's headers.
 */
export async function sendFollowingNavigation(request: RawRequest): Promise<RawResponse> {
  const first = await send(request)
  const location = /^location: (\S+)/im.exec(first.head)?.[1]
  if (first.status !== 307 || !location?.includes('_rsc')) return first
  return send({ ...request, target: location.replace(/^https?:\/\/[^/]+/, '') })
}
export const sessionHeaders = (): [string, string][] => [
  ['Cookie', admin.cookie],
  ['X-CSRF-Token', admin.csrf],
]
/**
 * Not sent with the admin's session: logging out would end it, and a housekeeping run takes its seconds whatever the
 * body says (it reads none).
 */
export const NOT_WITH_SESSION = new Set(['/api/admin/logout', '/api/admin/housekeeping/run'])

/** The rule of the fuzz tests: an answer, below 500, within 5 s (a request asking for an upgrade may be dropped instead). */
export function expectSane(res: RawResponse, what: string, upgrade = false) {
  const seen = `${what} → ${res.status ?? 'no answer'} in ${res.ms} ms\n${res.head}\n${res.body.subarray(0, 300).toString()}`
  expect(res.hung, seen).toBe(false)
  expect(res.ms, seen).toBeLessThan(LIMIT_MS)
  if (!upgrade) expect(res.status, seen).not.toBeNull()
  if (res.status !== null) expect(res.status, seen).toBeLessThan(500)
}

export const multipart = (boundary: string, parts: string[], closed = true) =>
  parts.map((p) => `--${boundary}\r\n${p}\r\n`).join('') + (closed ? `--${boundary}--\r\n` : '')

export const nested = (depth: number) => `{"option_ids":${'['.repeat(depth)}${']'.repeat(depth)}}`
/** The fields the JSON bodies of the API read, to send with values of every wrong type. */
export const FIELD_NAMES = [
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
]
export const JSON_TYPE: [string, string][] = [['Content-Type', 'application/json']]

/** Methods a route file exports with a handler of its own (not the 405 stubs). */
export function handledMethods(route: AppRoute): string[] {
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

export const validTarget = (route: AppRoute) =>
  fillTemplate(
    route,
    route.params.map((p) => valid[p] ?? '1'),
  )
