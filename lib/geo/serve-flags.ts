// Flag images at /flags/4x3/{code}.svg and /flags/1x1/{code}.svg, from the flag-icons package.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createRequire } from 'node:module'
import path from 'node:path'
import { decodedPath, sendFile } from '../media/send-file'

const FLAG = /^\/flags\/(4x3|1x1)\/([a-z]{2})\.svg$/
let dir: string | undefined

export function isFlagPath(url: string | undefined): boolean {
  return (url ?? '').startsWith('/flags/')
}

export function serveFlag(req: IncomingMessage, res: ServerResponse): Promise<void> {
  dir ??= path.join(path.dirname(createRequire(import.meta.url).resolve('flag-icons/package.json')), 'flags')
  const m = FLAG.exec(decodedPath(req.url) ?? '')
  return sendFile(req, res, m ? path.join(dir, m[1], `${m[2]}.svg`) : null, {
    'Content-Type': 'image/svg+xml',
    'Cache-Control': 'public, max-age=604800',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
  })
}
