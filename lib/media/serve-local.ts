// Serves local-disk media under its URL prefix straight from server.ts (no Next render on the hot path):
// correct content type, long-lived immutable caching (keys are content hashes), conditional requests, and
// no path traversal (only well-formed keys map to files).
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import type { LocalStorage } from './local-storage'
import { contentTypeForKey } from './content-types'

export async function serveLocalMedia(storage: LocalStorage, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const pathname = decodeURIComponentSafe(new URL(req.url ?? '/', 'http://x').pathname)
  const key = pathname?.slice(storage.urlPrefix.length + 1) ?? ''
  const file = storage.pathFor(key)
  if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, 'Method not allowed', { Allow: 'GET, HEAD' })
  const info = file ? await stat(file).catch(() => null) : null
  if (!file || !info?.isFile()) return plain(res, 404, 'Not found')

  const etag = `"${key.slice(3, key.lastIndexOf('.'))}"`
  const headers = {
    'Content-Type': contentTypeForKey(key),
    'Cache-Control': 'public, max-age=31536000, immutable',
    ETag: etag,
    'Last-Modified': info.mtime.toUTCString(),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Accept-Ranges': 'bytes',
  }
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers)
    return void res.end()
  }
  // Single byte ranges let browsers seek in video and audio.
  const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '')
  if (range && (range[1] || range[2])) {
    const start = range[1] ? Number(range[1]) : Math.max(0, info.size - Number(range[2]))
    const end = range[1] && range[2] ? Math.min(Number(range[2]), info.size - 1) : info.size - 1
    if (start > end || start >= info.size) {
      return plain(res, 416, 'Range not satisfiable', { 'Content-Range': `bytes */${info.size}` })
    }
    res.writeHead(206, { ...headers, 'Content-Length': end - start + 1, 'Content-Range': `bytes ${start}-${end}/${info.size}` })
    return pipe(req, res, file, start, end)
  }
  res.writeHead(200, { ...headers, 'Content-Length': info.size })
  return pipe(req, res, file)
}

function pipe(req: IncomingMessage, res: ServerResponse, file: string, start?: number, end?: number): void {
  if (req.method === 'HEAD') return void res.end()
  const stream = createReadStream(file, { start, end })
  stream.on('error', () => res.destroy())
  stream.pipe(res)
}

function plain(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...extra })
  res.end(text)
}

function decodeURIComponentSafe(s: string): string | null {
  try {
    return decodeURIComponent(s)
  } catch {
    return null
  }
}
