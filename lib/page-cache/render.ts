// How the cache renders a page: an HTTP request from the process to itself, marked with a per-process secret,
// which server.ts hands straight to Next as a visitor without bans (pages rendered for the cache must be the
// page everyone may see; banned visitors never reach the cache, see serve.ts). What the render filled into its
// slots comes back with it, so a later version of the page can be put together from this one (page-shell.ts).
import { randomBytes } from 'node:crypto'
import { request } from 'node:http'
import type { IncomingMessage } from 'node:http'
import type { RenderedPage } from './store'
import { policyForRenderedHtml } from '../http/content-security-policy'
import { REQUEST_ID_HEADER } from '../http/request-id'
import { shellOf } from '../render/page-shell'
import type { SlotContent } from '../render/slot-reader'

export const RENDER_HEADER = 'x-corkboard-render'
/** Names the slots of one cache render, for the renderer to read once the render is done. */
const SLOTS_HEADER = 'x-corkboard-render-slots'
export { RENDER_IDENTITY } from '../http/client-ip'

const SECRET = randomBytes(24).toString('base64url')
/** The slots of the cache renders under way, by the name the renderer gave each. */
const slotsOfRenders = new Map<string, Map<string, SlotContent>>()
let renders = 0
// The headers of Next's answer worth replaying; caching headers are the cache's own.
const KEPT_HEADERS = ['content-type', 'vary', 'link', 'content-language', 'retry-after', 'last-modified']

/** True for a cache render request of this very process: the secret, on a connection from this machine to itself. */
export function isRenderRequest(req: IncomingMessage): boolean {
  return req.headers[RENDER_HEADER] === SECRET && req.socket.remoteAddress === req.socket.localAddress
}

/**
 * The slots a cache render request is to fill (server.ts runs the request's rendering with them), so its renderer
 * finds what was filled; undefined for any other request.
 */
export function slotsForRender(req: IncomingMessage): Map<string, SlotContent> | undefined {
  const name = req.headers[SLOTS_HEADER]
  if (typeof name !== 'string' || !isRenderRequest(req)) return undefined
  const slots = new Map<string, SlotContent>()
  slotsOfRenders.set(name, slots)
  return slots
}

/** Renders through the server's own listening address (a wildcard address is reached through loopback). */
export function loopbackRenderer(listening: { address: string; port: number }) {
  const host = listening.address === '0.0.0.0' ? '127.0.0.1' : listening.address === '::' ? '::1' : listening.address
  const port = listening.port
  /** `requestId`: the id of the visitor's request that started the render, so an error's log lines and 500 body agree. */
  return (path: string, hostHeader: string, requestId: string): Promise<RenderedPage> =>
    new Promise((resolve, reject) => {
      const slotsName = String(++renders)
      const fail = (err: Error) => {
        slotsOfRenders.delete(slotsName)
        reject(err)
      }
      const req = request(
        {
          host,
          port,
          path,
          method: 'GET',
          headers: {
            host: hostHeader,
            accept: 'text/html',
            'accept-encoding': 'identity',
            [RENDER_HEADER]: SECRET,
            [REQUEST_ID_HEADER]: requestId,
            [SLOTS_HEADER]: slotsName,
          },
        },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('error', fail)
          // However the answer ends: a render cut off holds the slots' HTML, which must not stay behind.
          res.on('close', () => slotsOfRenders.delete(slotsName))
          res.on('end', () => {
            const slots = slotsOfRenders.get(slotsName)
            slotsOfRenders.delete(slotsName)
            const headers: Record<string, string> = {}
            for (const name of KEPT_HEADERS) {
              const value = res.headers[name]
              if (typeof value === 'string') headers[name] = value
            }
            const body = Buffer.concat(chunks)
            const status = res.statusCode ?? 500
            const html = headers['content-type']?.startsWith('text/html') ?? false
            // A cache render carries no nonce: its policy names the hashes of its inline scripts, and goes with it.
            if (html) headers['content-security-policy'] = policyForRenderedHtml(body)
            const shell = html && status === 200 && slots ? shellOf(body, slots) : undefined
            resolve({ status, headers, body, shell })
          })
        },
      )
      req.on('error', fail)
      req.end()
    })
}
