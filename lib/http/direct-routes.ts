// API routes that server.ts answers by calling their route handler itself, without Next's router. A visitor's
// reply costs ≈ 1.1 ms of CPU when its handler is called directly and ≈ 2.2 ms through Next (routing, the request
// scope, its web-stream wrappers of the body and the answer), so the routes that take posts at a site's rate are
// answered here, and the reads that every post changes (a board's thread list, a thread's posts). The handler is the
// very function Next would call (the route file's export), with the same validation, error mapping and answer; only
// the way there is shorter. An answer whose bytes the handler already holds (known-body.ts) is written as it is.
//
// A handler answered here must not use Next's request scope (next/headers: cookies(), headers()), which exists only
// under Next's router: it reads what it needs from its Request (isStaffRequest for the staff session). Its body is
// multipart or none: the Request given to it carries no web stream, and readMultipart reads the Node request it came
// from (bodyOf), without converting the upload to a web stream and back.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Readable } from 'node:stream'
import { compressAnswer } from './compress-answers'
import { encodeKnownBody } from './compress-known-body'
import { errorResponse } from './error-response'
import { byteLength, knownBodyOf } from './known-body'
import { requestIdOf } from './request-id'
import { MULTIPART, routeSpecOf, type RouteHandler } from './route'
import { processSingleton } from '../process-singleton'

export interface DirectRoute {
  method: 'GET' | 'POST'
  /** The route file's path under app/ as Next names it: `/api/boards/[boardId]/threads`. */
  template: string
  handler: RouteHandler
}

interface CompiledRoute {
  method: string
  /** Each segment: a literal, or the name of a parameter (`[boardId]` → boardId). */
  segments: { literal?: string; param?: string }[]
  handler: RouteHandler
}

export interface DirectRouter {
  /** The route and its path parameters for this request, or undefined when Next answers it. */
  match(method: string | undefined, url: string): { handler: RouteHandler; params: Record<string, string> } | undefined
}

export function directRouter(routes: DirectRoute[]): DirectRouter {
  const compiled: CompiledRoute[] = routes.map((route) => {
    const spec = routeSpecOf(route.handler)
    if (!spec || spec.staff)
      throw new Error(
        `${route.method} ${route.template}: only route() handlers can be answered directly (staff routes use Next's request scope)`,
      )
    if (spec.body !== undefined && spec.body !== MULTIPART)
      throw new Error(`${route.method} ${route.template}: only handlers without a JSON body can be answered directly`)
    const segments = route.template
      .split('/')
      .slice(1)
      .map((s) => (s.startsWith('[') && s.endsWith(']') ? { param: s.slice(1, -1) } : { literal: s }))
    return { method: route.method, segments, handler: route.handler }
  })
  return {
    match(method, url) {
      const parts = url.split(/[?#]/, 1)[0].split('/').slice(1)
      for (const route of compiled) {
        if (route.method !== method || route.segments.length !== parts.length) continue
        const params: Record<string, string> = {}
        let matched = true
        for (let i = 0; i < parts.length && matched; i++) {
          const { literal, param } = route.segments[i]
          if (param === undefined) {
            matched = parts[i] === literal
            continue
          }
          // An empty segment (`//`, a trailing slash) is Next's to answer: it redirects or 404s.
          const value = parts[i] ? decodedSegment(parts[i]) : undefined
          if (value === undefined) matched = false
          else params[param] = value
        }
        if (matched) return { handler: route.handler, params }
      }
      return undefined
    },
  }
}

/** A path segment as Next hands it to a handler (percent-decoded), or undefined when it does not decode. */
function decodedSegment(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw)
  } catch {
    return undefined
  }
}

const bodies = processSingleton('http.directBodies', () => new WeakMap<Request, Readable>())

/** The Node request behind a Request made by answerDirectly, whose body has not been turned into a web stream. */
export function bodyOf(req: Request): Readable | undefined {
  return bodies.get(req)
}

/** The Request a handler gets for a Node request: its headers, and its body read through bodyOf. */
export function requestFor(req: IncomingMessage): Request {
  // Node's parsed headers, with what server.ts set after parsing (client address, request id, scheme).
  const headers = new Headers()
  for (const name in req.headers) {
    const value = req.headers[name]
    if (typeof value === 'string') headers.set(name, value)
    else if (value) for (const v of value) headers.append(name, v)
  }
  const request = new Request(`http://localhost${req.url}`, { method: req.method, headers })
  bodies.set(request, req)
  return request
}

/**
 * Calls `handler` for a Node request and writes its Response back. The Request's URL carries the path and query on a
 * placeholder origin (handlers read the Host header, never the URL's host: a client's Host need not be a valid URL).
 */
export async function answerDirectly(
  req: IncomingMessage,
  res: ServerResponse,
  handler: RouteHandler,
  params: Record<string, string>,
): Promise<void> {
  const request = requestFor(req)
  let response: Response
  try {
    response = await handler(request, { params: Promise.resolve(params) })
  } catch (err) {
    response = errorResponse(err, requestIdOf(request.headers)) // route() maps errors itself; this is a last resort
  }
  const out: Record<string, string | string[]> = {}
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') out[name] = value
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length) out['set-cookie'] = cookies
  const known = knownBodyOf(response)
  let parts: readonly Buffer[]
  if (known) {
    const encoded = encodeKnownBody(req, response.status, out, known)
    parts = encoded.parts
    if (encoded.encoding) out['content-encoding'] = encoded.encoding
    if (encoded.varies) out['vary'] = out['vary'] ? `${out['vary']}, Accept-Encoding` : 'Accept-Encoding'
  } else {
    // Answers to writes are small JSON, never compressed (worthCompressing): no middleware is set up for them.
    // (The router takes GET and POST only: a HEAD is Next's.)
    if (req.method === 'GET') compressAnswer(req, res)
    parts = [Buffer.from(await response.arrayBuffer())]
  }
  out['content-length'] = String(byteLength(parts))
  res.writeHead(response.status, out)
  // A body the handler left unread (refused before reading it) is read and dropped by Node once this ends.
  if (parts.length === 1) return void res.end(parts[0])
  // One write of all the parts (writev) rather than one a part.
  res.cork()
  for (const part of parts) res.write(part)
  res.end()
}
