// Every app/api route declares what it reads: a parser for each dynamic path segment, a zod schema for the
// query string it reads and for the JSON body it reads (never a bare z.unknown()/z.any()), or the MULTIPART
// marker when it reads form data itself. route() and staffRoute() attach that declaration to the handler.
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { idParam } from '@/lib/http/params'
import { MULTIPART, route, routeSpecOf } from '@/lib/http/route'

const API = path.resolve(import.meta.dirname, '../../app/api')
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const
/** The catch-all answers 404 for any unknown /api path without reading anything, origin check or rate limit. */
const NOT_ROUTED = new Set(['[...path]'])

function routeFiles(dir: string, segments: string[] = []): { file: string; segments: string[] }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.isDirectory()) return routeFiles(path.join(dir, e.name), [...segments, e.name])
    return e.name === 'route.ts' ? [{ file: path.join(dir, e.name), segments }] : []
  })
}

/** A schema that accepts anything unchecked: z.unknown(), z.any(), or an object with such a field. */
function isUnchecked(schema: z.ZodType): boolean {
  let s: z.ZodType = schema
  while (s instanceof z.ZodOptional || s instanceof z.ZodDefault || s instanceof z.ZodNullable)
    s = s.unwrap() as z.ZodType
  if (s instanceof z.ZodUnknown || s instanceof z.ZodAny) return true
  if (s instanceof z.ZodObject) return Object.values(s.shape as Record<string, z.ZodType>).some(isUnchecked)
  return false
}

/** What is wrong with one exported handler of a route whose path has these dynamic segments. */
export function inputProblems(handler: unknown, dynamicSegments: string[]): string[] {
  const spec = routeSpecOf(handler)
  if (!spec) return ['not built by route() or staffRoute()']
  if (spec.methodNotAllowed) return []
  const problems: string[] = []
  const declared = [...spec.params].sort()
  if (JSON.stringify(declared) !== JSON.stringify([...dynamicSegments].sort())) {
    problems.push(`params declared [${declared}] but the path has [${dynamicSegments}]`)
  }
  const source = String(spec.handler)
  const readsForm = /readMultipart|formData\(/.test(source)
  const readsJson =
    /readJson|\.json\(\)|\.text\(\)|\.arrayBuffer\(\)|req\.body\b/.test(source) || /[{,]\s*body\s*[,}]/.test(source)
  const readsQuery = /searchParams|[{,]\s*query\s*[,}]/.test(source)
  if (readsForm && spec.body !== MULTIPART) problems.push('reads form data without declaring body: MULTIPART')
  if (readsJson && (spec.body === undefined || spec.body === MULTIPART))
    problems.push('reads a JSON body without a body schema')
  if (spec.body !== undefined && spec.body !== MULTIPART && isUnchecked(spec.body))
    problems.push('body schema accepts anything (z.unknown()/z.any())')
  if (readsQuery && !spec.query) problems.push('reads the query string without a query schema')
  if (spec.query && isUnchecked(spec.query)) problems.push('query schema accepts anything (z.unknown()/z.any())')
  return problems
}

const routes = routeFiles(API).filter((r) => !r.segments.some((s) => NOT_ROUTED.has(s)))

describe('route schemas', () => {
  it('finds the routes', () => expect(routes.length).toBeGreaterThan(30))

  it.each(routes.map((r) => [`/api/${r.segments.join('/')}`, r] as const))(
    '%s declares what it reads',
    async (_, { file, segments }) => {
      const mod = (await import(file)) as Record<string, unknown>
      const dynamic = segments.filter((s) => /^\[\w+\]$/.test(s)).map((s) => s.slice(1, -1))
      const handlers = METHODS.filter((m) => m in mod)
      expect(handlers.length).toBeGreaterThan(0)
      const problems = handlers.flatMap((m) => inputProblems(mod[m], dynamic).map((p) => `${m}: ${p}`))
      expect(problems).toEqual([])
    },
  )

  describe('the checker itself', () => {
    it('rejects a plain function', () => {
      expect(inputProblems(async () => new Response(), [])).toEqual(['not built by route() or staffRoute()'])
    })
    it('rejects a handler that reads a body, query or form data it did not declare', () => {
      const readsJson = route({}, async ({ req }) => Response.json(await req.json()))
      const readsQuery = route({}, async ({ req }) => Response.json(new URL(req.url).searchParams.get('x')))
      const readsForm = route({ body: z.object({}) }, async ({ req }) => Response.json(await req.formData()))
      expect(inputProblems(readsJson, [])).toEqual(['reads a JSON body without a body schema'])
      expect(inputProblems(readsQuery, [])).toEqual(['reads the query string without a query schema'])
      expect(inputProblems(readsForm, [])).toContain('reads form data without declaring body: MULTIPART')
    })
    it('rejects an unchecked body and missing or extra params', () => {
      const unchecked = route({ body: z.unknown() }, async ({ body }) => Response.json(body))
      const uncheckedField = route({ body: z.object({ reason: z.unknown().optional() }) }, async ({ body }) =>
        Response.json(body),
      )
      expect(inputProblems(unchecked, [])).toEqual(['body schema accepts anything (z.unknown()/z.any())'])
      expect(inputProblems(uncheckedField, [])).toEqual(['body schema accepts anything (z.unknown()/z.any())'])
      const noParams = route({}, async () => new Response())
      expect(inputProblems(noParams, ['id'])).toEqual(['params declared [] but the path has [id]'])
      expect(
        inputProblems(
          route({ params: { id: idParam('x') } }, async () => new Response()),
          ['id'],
        ),
      ).toEqual([])
    })
    it('accepts a declared multipart reader', () => {
      const form = route({ body: MULTIPART }, async ({ req }) => Response.json(await req.formData()))
      expect(inputProblems(form, [])).toEqual([])
    })
  })
})
