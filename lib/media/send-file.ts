// Sends a file from disk with the given headers: conditional GET by ETag, single byte ranges, HEAD. Used by
// server.ts for local media and flag images, so neither goes through a Next render.
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'

export async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: string | null,
  headers: Record<string, string>,
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD')
    return plain(res, 405, 'Method not allowed', { Allow: 'GET, HEAD' })
  const info = file ? await stat(file).catch(() => null) : null
  if (!file || !info?.isFile()) return plain(res, 404, 'Not found')

  const etag = `"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`
  const all = {
    ...headers,
    ETag: etag,
    'Last-Modified': info.mtime.toUTCString(),
    'X-Content-Type-Options': 'nosniff',
    'Accept-Ranges': 'bytes',
  }
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, all)
    return void res.end()
  }
  const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '')
  if (range && (range[1] || range[2])) {
    const start = range[1] ? Number(range[1]) : Math.max(0, info.size - Number(range[2]))
    const end = range[1] && range[2] ? Math.min(Number(range[2]), info.size - 1) : info.size - 1
    if (start > end || start >= info.size)
      return plain(res, 416, 'Range not satisfiable', { 'Content-Range': `bytes */${info.size}` })
    res.writeHead(206, {
      ...all,
      'Content-Length': end - start + 1,
      'Content-Range': `bytes ${start}-${end}/${info.size}`,
    })
    return pipe(req, res, file, start, end)
  }
  res.writeHead(200, { ...all, 'Content-Length': info.size })
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

export function decodedPath(url: string | undefined): string | null {
  try {
    return decodeURIComponent(new URL(url ?? '/', 'http://x').pathname)
  } catch {
    return null
  }
}
