// How the cache renders a page: an HTTP request from the process to itself, marked with a per-process secret,
// which server.ts hands straight to Next as a visitor without bans (pages rendered for the cache must be the
// page everyone may see; banned visitors never reach the cache, see serve.ts).
import { randomBytes } from 'node:crypto'
import { request } from 'node:http'
import type { IncomingMessage } from 'node:http'
import type { RenderedPage } from './store'
import { policyForRenderedHtml } from '../http/content-security-policy'
import { REQUEST_ID_HEADER } from '../http/request-id'

export const RENDER_HEADER = 'x-corkboard-render'
export { RENDER_IDENTITY } from '../http/client-ip'

const SECRET = randomBytes(24).toString('base64url')
// The headers of Next's answer worth replaying; caching headers are the cache's own.
const KEPT_HEADERS = ['content-type', 'vary', 'link', 'content-language', 'retry-after', 'last-modified']

/** True for a cache render request of this very process: the secret, on a connection from this machine to itself. */
export function isRenderRequest(req: IncomingMessage): boolean {
  return req.headers[RENDER_HEADER] === SECRET && req.socket.remoteAddress === req.socket.localAddress
}

/** Renders through the server's own listening address (a wildcard address is reached through loopback). */
export function loopbackRenderer(listening: { address: string; port: number }) {
  const host = listening.address === '0.0.0.0' ? '127.0.0.1' : listening.address === '::' ? '::1' : listening.address
  const port = listening.port
  /** `requestId`: the id of the visitor's request that started the render, so an error's log lines and 500 body agree. */
  return (path: string, hostHeader: string, requestId: string): Promise<RenderedPage> =>
    new Promise((resolve, reject) => {
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
          },
        },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('error', reject)
          res.on('end', () => {
            const headers: Record<string, string> = {}
            for (const name of KEPT_HEADERS) {
              const value = res.headers[name]
              if (typeof value === 'string') headers[name] = value
            }
            const body = Buffer.concat(chunks)
            // A cache render carries no nonce: its policy names the hashes of its inline scripts, and goes with it.
            if (headers['content-type']?.startsWith('text/html'))
              headers['content-security-policy'] = policyForRenderedHtml(body)
            resolve({ status: res.statusCode ?? 500, headers, body })
          })
        },
      )
      req.on('error', reject)
      req.end()
    })
}
