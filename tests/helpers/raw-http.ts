// A bare HTTP/1.1 client on node:net, for requests fetch cannot express (asterisk targets, broken encodings, odd
// headers, bodies that lie about their length, bytes trickled slowly). Every request asks the server to close the
// connection after its answer, so the answer ends when the socket closes.
import net from 'node:net'

export interface RawResponse {
  /** The final status (interim 1xx answers skipped), or null when the connection closed without one. */
  status: number | null
  head: string
  body: Buffer
  /** From connect to the connection's end. */
  ms: number
  /** No end within the time limit: the client gave up. */
  hung: boolean
}

export interface RawRequest {
  method?: string
  target: string
  headers?: [string, string][]
  body?: Buffer | string
  /** Content-Length is added for a body unless a header of that name is given (or this is false). */
  contentLength?: boolean
}

export function encodeRequest(
  { method = 'GET', target, headers = [], body, contentLength = true }: RawRequest,
  host = 'localhost',
): Buffer {
  const names = new Set(headers.map(([n]) => n.toLowerCase()))
  const lines = [`${method} ${target} HTTP/1.1`]
  if (!names.has('host')) lines.push(`Host: ${host}`)
  if (!names.has('connection')) lines.push('Connection: close')
  const payload = body === undefined ? Buffer.alloc(0) : Buffer.from(body)
  if (contentLength && body !== undefined && !names.has('content-length') && !names.has('transfer-encoding'))
    lines.push(`Content-Length: ${payload.length}`)
  for (const [n, v] of headers) lines.push(`${n}: ${v}`)
  return Buffer.concat([Buffer.from(lines.join('\r\n') + '\r\n\r\n', 'latin1'), payload])
}

/** Sends raw bytes (all at once, or as the pieces of `trickle` with a pause between them) and reads to the end. */
export function rawExchange(
  port: number,
  bytes: Buffer | Buffer[],
  opts: { timeoutMs?: number; pauseMs?: number } = {},
): Promise<RawResponse> {
  const { timeoutMs = 5_000, pauseMs = 0 } = opts
  const pieces = Array.isArray(bytes) ? bytes : [bytes]
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    const started = Date.now()
    let done = false
    const finish = (hung: boolean) => {
      if (done) return
      done = true
      clearTimeout(timer)
      clearTimeout(pacer)
      socket.destroy()
      resolve({ ...parse(Buffer.concat(chunks)), ms: Date.now() - started, hung })
    }
    const timer = setTimeout(() => finish(true), timeoutMs)
    let pacer: NodeJS.Timeout | undefined
    const sendFrom = (i: number) => {
      if (i >= pieces.length || socket.destroyed) return
      socket.write(pieces[i], () => {})
      pacer = setTimeout(() => sendFrom(i + 1), pauseMs)
    }
    socket.on('connect', () => sendFrom(0))
    socket.on('data', (c: Buffer) => chunks.push(c))
    // A reset after the server answered (it refused the rest of a body) still counts as that answer.
    socket.on('error', () => finish(false))
    socket.on('close', () => finish(false))
  })
}

export function rawRequest(port: number, request: RawRequest, timeoutMs?: number): Promise<RawResponse> {
  return rawExchange(port, encodeRequest(request), { timeoutMs })
}

function parse(data: Buffer): Pick<RawResponse, 'status' | 'head' | 'body'> {
  let rest = data
  for (;;) {
    const end = rest.indexOf('\r\n\r\n')
    const head = (end < 0 ? rest : rest.subarray(0, end)).toString('latin1')
    const m = /^HTTP\/1\.[01] (\d{3})/.exec(head)
    if (!m) return { status: null, head, body: Buffer.alloc(0) }
    const status = Number(m[1])
    if (status >= 200 || end < 0) {
      const body = end < 0 ? Buffer.alloc(0) : rest.subarray(end + 4)
      return { status, head, body: /^transfer-encoding: *chunked/im.test(head) ? dechunk(body) : body }
    }
    rest = rest.subarray(end + 4)
  }
}

function dechunk(data: Buffer): Buffer {
  const out: Buffer[] = []
  let at = 0
  for (;;) {
    const eol = data.indexOf('\r\n', at)
    if (eol < 0) break
    const size = parseInt(data.subarray(at, eol).toString('latin1'), 16)
    if (!size) break
    out.push(data.subarray(eol + 2, eol + 2 + size))
    at = eol + 2 + size + 2
  }
  return Buffer.concat(out)
}
