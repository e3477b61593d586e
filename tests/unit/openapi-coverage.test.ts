// The OpenAPI document cannot drift from the code: every route file under app/api is in the list the document is
// built from, every handler it exports is documented, and each operation's parameters, body, role and CSRF are
// the ones the route declares. The checks are tried on fabricated routes too, so they can fail.
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ROUTE_MODULES } from '@/app/api/openapi.json/route-modules'
import { boardIdParam, idParam } from '@/lib/http/params'
import { MULTIPART, route, type DeclaredInputs } from '@/lib/http/route'
import { staffRoute } from '@/lib/http/staff-route'
import { buildDocument, missingDocMessage, operationsOf, type RouteModule } from '@/lib/openapi/document'
import { PATH_DOCS } from '@/lib/openapi/operations'
import type { Method, PathDocs } from '@/lib/openapi/types'
import { apiRoutes } from '../helpers/app-routes'
import { ROOT } from '../helpers/server'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

/** `/api/boards/[boardId]` → `/api/boards/{boardId}`; the catch-all `[...path]` (404 for unknown paths) is no route. */
function openApiPath(template: string): string | null {
  if (template.includes('[...')) return null
  return template.replace(/\[(\w+)\]/g, '{$1}')
}

/** Route files whose path is missing from ROUTE_MODULES, and listed paths without a route file. */
export function listProblems(routeFiles: string[], listed: string[]): string[] {
  const problems: string[] = []
  for (const template of routeFiles) {
    const p = openApiPath(template)
    if (p && !listed.includes(p)) {
      const dir = template.replace(/^\/api\/?/, '')
      problems.push(
        `app${template}/route.ts is not in the OpenAPI document: add \`['${p}', () => import('../${dir}/route')],\` ` +
          `to app/api/openapi.json/route-modules.ts and its summary and answers to PATH_DOCS in lib/openapi/operations.ts`,
      )
    }
  }
  const files = new Set(routeFiles.map(openApiPath))
  for (const p of listed) if (!files.has(p)) problems.push(`${p} is listed in route-modules.ts but has no route file`)
  return problems
}

/** Where a documented operation differs from what its handler declares. */
export function inputMismatches(op: Json | undefined, spec: DeclaredInputs): string[] {
  if (!op) return ['not in the document']
  const problems: string[] = []
  const params = (op.parameters ?? []) as Json[]
  const names = (where: string) =>
    params
      .filter((p) => p.in === where)
      .map((p) => p.name)
      .sort()
  const same = (a: string[], b: string[]) => JSON.stringify(a) === JSON.stringify(b)
  if (!same(names('path'), [...spec.params].sort()))
    problems.push(`path parameters [${names('path')}] but the route declares [${spec.params}]`)
  const query = spec.query instanceof z.ZodObject ? Object.keys(spec.query.shape).sort() : spec.query ? null : []
  if (query === null) problems.push('the query schema is not a z.object(): its fields cannot be documented')
  else if (!same(names('query'), query))
    problems.push(`query parameters [${names('query')}] but the route declares [${query}]`)
  const content = Object.keys(op.requestBody?.content ?? {})
  const body = spec.body === MULTIPART ? ['multipart/form-data'] : spec.body ? ['application/json'] : []
  if (!same(content, body)) problems.push(`request body [${content}] but the route reads [${body}]`)
  const role = spec.staff?.role
  if (op['x-corkboard-role'] !== role)
    problems.push(`x-corkboard-role ${op['x-corkboard-role']} but the route needs ${role}`)
  if (role) {
    const schemes = (op.security ?? []).flatMap((s: Json) => Object.keys(s))
    if (!schemes.includes('staffSession')) problems.push('staff route without the staffSession security scheme')
    if (op.operationId.startsWith('get') === schemes.includes('csrfToken'))
      problems.push('CSRF is required exactly on staff writes')
  }
  return problems
}

const routeFiles = apiRoutes()
const modules: RouteModule[] = await Promise.all(
  routeFiles.flatMap((r) => {
    const p = openApiPath(r.template)
    if (!p) return []
    const file = path.join(ROOT, 'app', r.template, 'route.ts')
    return [import(file).then((exports: Record<string, unknown>) => ({ path: p, exports }))]
  }),
)

describe('OpenAPI document coverage', () => {
  it('finds the route files', () => expect(modules.length).toBeGreaterThan(40))

  it('lists every route file under app/api in route-modules.ts', () => {
    // The document's own route adds itself (listing it would make an import cycle).
    const listed = [...ROUTE_MODULES.map(([p]) => p), '/api/openapi.json']
    expect(
      listProblems(
        routeFiles.map((r) => r.template),
        listed,
      ),
    ).toEqual([])
  })

  it('documents every exported handler in PATH_DOCS, and nothing else', () => {
    const handled = new Set(modules.flatMap((m) => operationsOf(m.exports).map(([method]) => `${method} ${m.path}`)))
    const missing = [...handled].filter((op) => {
      const [method, p] = op.split(' ')
      return !PATH_DOCS[p]?.[method as Method]
    })
    expect(missing.map((op) => missingDocMessage(...(op.split(' ') as [Method, string])))).toEqual([])
    const stale = Object.entries(PATH_DOCS).flatMap(([p, ops]) =>
      Object.keys(ops)
        .filter((m) => !handled.has(`${m} ${p}`))
        .map((m) => `${m} ${p} is in PATH_DOCS without a handler`),
    )
    expect(stale).toEqual([])
  })

  const document = buildDocument(modules) as Json

  it.each(
    modules.flatMap((m) =>
      operationsOf(m.exports).map(([method, spec]) => [`${method} ${m.path}`, m.path, method, spec] as const),
    ),
  )('%s is documented with the inputs its route declares', (_, p, method, spec) => {
    expect(inputMismatches(document.paths[p]?.[method.toLowerCase()], spec)).toEqual([])
  })

  describe('the checks themselves', () => {
    it('name a route file missing from the list, with what to add', () => {
      const files = ['/api/boards', '/api/boards/[boardId]', '/api/[...path]']
      expect(listProblems(files, ['/api/boards'])).toEqual([
        "app/api/boards/[boardId]/route.ts is not in the OpenAPI document: add `['/api/boards/{boardId}', () => " +
          "import('../boards/[boardId]/route')],` to app/api/openapi.json/route-modules.ts and its summary and " +
          'answers to PATH_DOCS in lib/openapi/operations.ts',
      ])
      expect(listProblems(files, ['/api/boards', '/api/boards/{boardId}', '/api/gone'])).toEqual([
        '/api/gone is listed in route-modules.ts but has no route file',
      ])
    })

    const docs: PathDocs = {
      '/api/x/{boardId}': { GET: { summary: 'x', responses: { 200: z.object({ ok: z.boolean() }) } } },
      '/api/y/{id}': { PUT: { summary: 'y', responses: { 200: z.object({ ok: z.boolean() }) } } },
    }
    const built = (exports: Record<string, unknown>, p = '/api/x/{boardId}') =>
      buildDocument([{ path: p, exports }], docs).paths as Json

    it('refuse a handler without a PATH_DOCS entry, naming it', () => {
      const GET = route({}, async () => new Response())
      expect(() => buildDocument([{ path: '/api/nowhere', exports: { GET } }], docs)).toThrow(
        missingDocMessage('GET', '/api/nowhere'),
      )
    })

    it('see a query field, a body or a role the document does not have', () => {
      const GET = route(
        { params: { boardId: boardIdParam }, query: z.object({ a: z.string() }) },
        async () => new Response(),
      )
      const op = built({ GET })['/api/x/{boardId}'].get
      expect(op.parameters.map((p: Json) => `${p.in} ${p.name}`)).toEqual(['path boardId', 'query a'])
      expect(inputMismatches(op, operationsOf({ GET })[0][1])).toEqual([])

      const wider = route(
        { params: { boardId: boardIdParam }, query: z.object({ a: z.string(), b: z.string() }), body: MULTIPART },
        async () => new Response(),
      )
      expect(inputMismatches(op, operationsOf({ GET: wider })[0][1])).toEqual([
        'query parameters [a] but the route declares [a,b]',
        'request body [] but the route reads [multipart/form-data]',
      ])
      const asStaff = staffRoute(
        { role: 'admin', params: { boardId: boardIdParam }, query: z.object({ a: z.string() }) },
        async () => new Response(),
      )
      expect(inputMismatches(op, operationsOf({ GET: asStaff })[0][1])).toEqual([
        'x-corkboard-role undefined but the route needs admin',
        'staff route without the staffSession security scheme',
      ])
    })

    it('document a staff write with its role, session and CSRF token', () => {
      const PUT = staffRoute(
        { role: 'moderator', params: { id: idParam('Thing not found') }, body: z.object({ n: z.number() }) },
        async () => new Response(),
      )
      const op = built({ PUT }, '/api/y/{id}')['/api/y/{id}'].put
      expect(op['x-corkboard-role']).toBe('moderator')
      expect(op.security).toEqual([{ staffSession: [], csrfToken: [] }])
      expect(op.responses[404].description).toContain('Thing not found')
      expect(Object.keys(op.responses)).toEqual(
        expect.arrayContaining(['200', '400', '401', '403', '404', '413', '429', '500']),
      )
      expect(inputMismatches(op, operationsOf({ PUT })[0][1])).toEqual([])
    })
  })
})
