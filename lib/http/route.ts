// The route-handler wrapper: every app/api handler is `route({params, query, body}, handler)`. It validates
// the origin of writes, parses path params (malformed → that resource's 404), query and JSON body with zod,
// hands the handler the client address, and turns anything thrown into the contract's error body.
import type { z } from 'zod'
import { ForbiddenError, RequestTooLargeError, ValidationError } from '../errors'
import { errorResponse, json } from './error-response'
import type { ParamParser } from './params'
import { CLIENT_IP_HEADER } from './client-ip'
import { isAllowedOrigin, siteOriginOf } from './origins'
import { arrivedOverHttps } from './scheme'
import { consume } from '../rate-limit/limits'
import { RENDER_IDENTITY } from './client-ip'

const JSON_LIMIT = 64 * 1024
/** Deeper nesting than any endpoint accepts is refused before parsing (nested values reach echoing code paths). */
const JSON_DEPTH_LIMIT = 32

type ParamSpec = Record<string, ParamParser<unknown>>
type ParsedParams<S extends ParamSpec> = { [K in keyof S]: ReturnType<S[K]> }

export interface RouteContext<P, Q, B> {
  req: Request
  params: P
  query: Q
  body: B
  /** The client address, computed by server.ts from the TCP peer and trusted proxy hops. */
  ip: string
}

interface RouteSpec<S extends ParamSpec, Q extends z.ZodType | undefined, B extends z.ZodType | undefined> {
  params?: S
  query?: Q
  body?: B
}

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined
type NextContext = { params: Promise<Record<string, string | string[]>> }

export function route<S extends ParamSpec = ParamSpec, Q extends z.ZodType | undefined = undefined, B extends z.ZodType | undefined = undefined>(
  spec: RouteSpec<S, Q, B>,
  handler: (ctx: RouteContext<ParsedParams<S>, Infer<Q>, Infer<B>>) => Promise<Response>,
): (req: Request, ctx: NextContext) => Promise<Response> {
  return async (req, ctx) => {
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') checkOrigin(req)
      const url = new URL(req.url)
      // 600 API requests per minute per address; health checks are never limited, nor are the page
      // cache's own renders (the visitor's request was counted before it, lib/page-cache/serve.ts).
      const ip = clientIp(req)
      if (url.pathname !== '/api/health' && ip !== RENDER_IDENTITY) await consume(ip, 'api')
      const rawParams = (await ctx?.params) ?? {}
      const params = {} as Record<string, unknown>
      for (const [name, parse] of Object.entries(spec.params ?? {})) params[name] = parse(String(rawParams[name] ?? ''))
      const query = spec.query ? spec.query.parse(Object.fromEntries(url.searchParams)) : undefined
      const body = spec.body ? spec.body.parse(await readJson(req)) : undefined
      return await handler({ req, params: params as ParsedParams<S>, query: query as Infer<Q>, body: body as Infer<B>, ip })
    } catch (err) {
      return errorResponse(err)
    }
  }
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
  if (jsonDepth(text) > JSON_DEPTH_LIMIT) throw ValidationError.field('body', `JSON nested deeper than ${JSON_DEPTH_LIMIT} levels`)
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
      if (c === 0x5c) i++ // backslash: skip the escaped character
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
  return { GET: handler, POST: handler, PUT: handler, PATCH: handler, DELETE: handler }
}
