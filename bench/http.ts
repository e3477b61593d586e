// Raw HTTP for the benchmark: one request with the exact bytes on the wire (no decompression, unlike fetch), and
// multipart bodies built once so the load generator can resend them.
import { randomBytes } from 'node:crypto'
import { Agent, request } from 'node:http'

export interface RawResponse {
  status: number
  headers: Record<string, string>
  body: Buffer
  ms: number
}

/** What a browser sends for a page: it accepts compressed answers, so the cache serves its brotli copy. */
export const BROWSER_HEADERS = {
  accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
}
// Hop-by-hop or per-response headers a replay must not copy.
const NOT_REPLAYED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'content-length', 'set-cookie'])
// The timeout makes the agent honour the server's Keep-Alive hint (see bench/soak.ts).
const agent = new Agent({ keepAlive: true, maxSockets: 4, timeout: 60_000 })

export function rawRequest(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: Buffer } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const req = request(
      url,
      {
        method: init.method ?? 'GET',
        headers: { ...init.headers, ...(init.body ? { 'content-length': String(init.body.length) } : {}) },
        agent,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('error', reject)
        res.on('end', () => {
          const headers: Record<string, string> = {}
          for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') headers[name] = value
          resolve({
            status: res.statusCode ?? 0,
            headers,
            body: Buffer.concat(chunks),
            ms: performance.now() - started,
          })
        })
      },
    )
    req.on('error', reject)
    req.end(init.body)
  })
}

/** The headers of a captured answer that a replay serves again (content-length is set from the body). */
export function replayHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !NOT_REPLAYED.has(name)))
}

export interface MultipartBody {
  body: Buffer
  contentType: string
}

/** A multipart/form-data body with text fields and at most one file, as a browser's form would send it. */
export function multipart(
  fields: Record<string, string>,
  file?: { field: string; name: string; type: string; bytes: Buffer },
): MultipartBody {
  const boundary = `----corkboardbench${randomBytes(8).toString('hex')}`
  const parts: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`))
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    )
    parts.push(file.bytes, Buffer.from('\r\n'))
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` }
}

/** A returning visitor's poster cookie: 43 base64url characters. */
export const POSTER_COOKIE = `cb_poster=${'benchmark-visitor'.padEnd(43, '0')}`

/** Posts a text reply as a returning visitor; throws unless it is created (201). */
export async function postReply(
  baseUrl: string,
  thread: { boardId: string; threadId: number },
  content: string,
): Promise<RawResponse> {
  const { body, contentType } = multipart({ content })
  const res = await rawRequest(`${baseUrl}/api/boards/${thread.boardId}/threads/${thread.threadId}/posts`, {
    method: 'POST',
    body,
    headers: { 'content-type': contentType, cookie: POSTER_COOKIE },
  })
  if (res.status !== 201) throw new Error(`reply answered ${res.status}: ${res.body}`)
  return res
}
