// The route-handler wrapper: every app/api handler is `route({params, query, body}, handler)`. It validates
// the origin of writes, parses path params (malformed → that resource's 404), query and JSON body with zod,
// hands the handler the client address, and turns anything thrown into the API's error body. What a handler
// reads is declared in its spec, which stays attached to the handler (`routeSpecOf`) so a test can check it.
import type { z } from 'zod'
import { ForbiddenError, RequestTooLargeError, ValidationError } from '../errors'
import { CLIENT_IP_HEADER } from './client-ip'
import { RENDER_IDENTITY } from './client-ip'
import { errorResponse, json } from './error-response'
import { isAllowedOrigin, siteOriginOf } from './origins'
import type { ParamParser } from './params'
import { requestIdOf } from './request-id'
import { arrivedOverHttps } from '../net/scheme'
import { consume } from '../rate-limit/limits'
import type { Role } from '../staff/schemas'
import { parseInput } from '../validation'

const JSON_LIMIT = 64 * 1024
/** Deeper nesting than any endpoint accepts is refused before parsing (nested values reach echoing code paths). */
const JSON_DEPTH_LIMIT = 32

/** Marks a handler that reads a multipart/form-data body itself (posting with files) instead of a JSON body. */
export const MULTIPART = 'multipart'

export type ParamSpec = Record<string, ParamParser<unknown>>
export type ParsedParams<S extends ParamSpec> = { [K in keyof S]: ReturnType<S[K]> }
export type BodySpec = z.ZodType | typeof MULTIPART
export type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined

/** What a handler knows before its body is judged. */
export interface RouteInput<P, Q> {
  req: Request
  params: P
  query: Q
  /** The client address, computed by server.ts from the TCP peer and trusted proxy hops. */
  ip: string
}

export interface RouteContext<P, Q, B, G = undefined> extends RouteInput<P, Q> {
  body: B
  /** What the spec's `before` step returned. */
  before: G
}

export interface RouteSpec<S extends ParamSpec, Q extends z.ZodType | undefined, B extends BodySpec | undefined, C, G> {
  params?: S
  query?: Q
  body?: B
  /**
   * Checks that must answer before the body is judged (a missing resource's 404, a 403, a rate limit): runs
   * after the JSON is read (so malformed JSON is still a 400 first) and before the body schema. Its result
   * reaches the handler as `before`. `unparsedBody` is there only for fields read ahead of validation (login's
   * CSRF token); validate them with a schema too.
   */
  before?: (ctx: C & { unparsedBody: unknown }) => Promise<G>
}

/** The declared inputs of a handler built by route() or staffRoute(), for tests/unit/route-schemas.test.ts. */
export interface DeclaredInputs {
  params: string[]
  /** The parser of each path parameter (their `describes` feeds the OpenAPI document). */
  paramParsers: ParamSpec
  query?: z.ZodType
  body?: BodySpec
  /** A methodNotAllowed() handler: it reads nothing and answers 405. */
  methodNotAllowed?: boolean
  /** The handler itself, so a test can see what it reads. */
  handler: (...args: never[]) => unknown
  /** Set by staffRoute(): a staff session of at least this role is required (and CSRF on writes). */
  staff?: { role: Role }
}

const DECLARED = Symbol('routeSpec')
type NextContext = { params: Promise<Record<string, string | string[]>> }
export type RouteHandler = ((req: Request, ctx: NextContext) => Promise<Response>) & { [DECLARED]?: DeclaredInputs }

export function routeSpecOf(handler: unknown): DeclaredInputs | undefined {
  return typeof handler === 'function' ? (handler as RouteHandler)[DECLARED] : undefined
}

/**
 * The pipeline behind route() and staffRoute(): origin and rate limit → params → query → `who` (the staff
 * checks) → JSON read → `before` → body schema → handler.
 */
export function buildRoute<
  S extends ParamSpec,
  Q extends z.ZodType | undefined,
  B extends BodySpec | undefined,
  W extends object,
  G,
>(
  spec: RouteSpec<S, Q, B, RouteInput<ParsedParams<S>, Infer<Q>> & W, G>,
  who: (input: RouteInput<ParsedParams<S>, Infer<Q>>) => Promise<W>,
  handler: (ctx: RouteContext<ParsedParams<S>, Infer<Q>, Infer<B>, G> & W) => Promise<Response>,
  staff?: { role: Role },
): RouteHandler {
  const built: RouteHandler = async (req, ctx) => {
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') checkOrigin(req)
      const url = new URL(req.url)
      // 600 API requests per minute per address; health checks are never limited, nor are the page cache's own
      // renders (the visitor's request was counted before it, lib/page-cache/serve.ts).
      const ip = clientIp(req)
      if (url.pathname !== '/api/health' && ip !== RENDER_IDENTITY) await consume(ip, 'api')
      const rawParams = (await ctx?.params) ?? {}
      const params = {} as Record<string, unknown>
      for (const [name, parse] of Object.entries(spec.params ?? {})) params[name] = parse(String(rawParams[name] ?? ''))
      const query = spec.query ? await parseInput(spec.query, Object.fromEntries(url.searchParams)) : undefined
      const input = { req, params: params as ParsedParams<S>, query: query as Infer<Q>, ip }
      const withWho = { ...input, ...(await who(input)) }
      const jsonBody = spec.body && spec.body !== MULTIPART
      const unparsedBody = jsonBody ? await readJson(req) : undefined
      const before = (spec.before ? await spec.before({ ...withWho, unparsedBody }) : undefined) as G
      const body = (jsonBody ? await parseInput(spec.body as z.ZodType, unparsedBody) : undefined) as Infer<B>
      return await handler({ ...withWho, body, before })
    } catch (err) {
      return errorResponse(err, requestIdOf(req.headers))
    }
  }
  declare(built, {
    params: Object.keys(spec.params ?? {}),
    paramParsers: spec.params ?? {},
    query: spec.query,
    body: spec.body,
    handler,
    staff,
  })
  return built
}

function declare(handler: RouteHandler, inputs: DeclaredInputs): void {
  Object.defineProperty(handler, DECLARED, { value: inputs, enumerable: false, configurable: true })
}

const nobody = async () => ({})

export function route<
  S extends ParamSpec = ParamSpec,
  Q extends z.ZodType | undefined = undefined,
  B extends BodySpec | undefined = undefined,
  G = undefined,
>(
  spec: RouteSpec<S, Q, B, RouteInput<ParsedParams<S>, Infer<Q>>, G>,
  handler: (ctx: RouteContext<ParsedParams<S>, Infer<Q>, Infer<B>, G>) => Promise<Response>,
): RouteHandler {
  return buildRoute(spec, nobody, handler)
}

export function clientIp(req: Request): string {
  const ip = req.headers.get(CLIENT_IP_HEADER)
  if (!ip) throw new Error(`${CLIENT_IP_HEADER} missing: requests must come through server.ts`)
  return ip
}

/** Reads a JSON body of at most 64 KiB nested at most 32 levels; malformed or too deep JSON is a 400 on field "body". */
export async function readJson(req: Request): Promise<unknown> {
  const declared = Number(req.headers.get('content-length') ?? '0')
  if (declared > JSON_LIMIT) throw new RequestTooLargeError()
  const reader = req.body?.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  while (reader) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > JSON_LIMIT) {
      await reader.cancel()
      throw new RequestTooLargeError()
    }
    chunks.push(value)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  if (!text.trim()) return {}
  if (jsonDepth(text) > JSON_DEPTH_LIMIT)
    throw ValidationError.field('body', `JSON nested deeper than ${JSON_DEPTH_LIMIT} levels`)
  try {
    return JSON.parse(text)
  } catch {
    throw ValidationError.field('body', 'Malformed JSON')
  }
}

/** The deepest nesting of arrays and objects in a JSON text, counted in one pass without recursion. */
export function jsonDepth(text: string): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c)
        i++ // backslash: skip the escaped character
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x5b || c === 0x7b) deepest = Math.max(deepest, ++depth)
    else if (c === 0x5d || c === 0x7d) depth--
  }
  return deepest
}

/** Writes must come from the site's own origin or the allow-list; requests without an Origin pass. */
function checkOrigin(req: Request): void {
  const origin = req.headers.get('origin')
  if (!origin) return
  // The scheme as server.ts determined it (X-Forwarded-Proto only from trusted proxies), not Next's idea of it.
  if (!isAllowedOrigin(origin, siteOriginOf(req.headers.get('host'), arrivedOverHttps(req.headers)))) {
    throw new ForbiddenError('Forbidden origin')
  }
}

/** Handlers for the methods a path does not support: 405 with an Allow header. */
export function methodNotAllowed(...allowed: string[]) {
  const handler = route({}, async () => json({ error: 'Method not allowed' }, 405, { Allow: allowed.join(', ') }))
  declare(handler, { ...routeSpecOf(handler)!, methodNotAllowed: true })
  return { GET: handler, POST: handler, PUT: handler, PATCH: handler, DELETE: handler }
}
