// Small HTTP helpers for posting like a browser would (multipart with a file), as a given client address, for
// reading a page under a Host header of the test's choosing, and for a request by node:http where fetch hides too much.
import { request, type Agent, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http'

export interface Upload {
  name: string
  bytes: Buffer
  type?: string
}

export function form(fields: Record<string, string>, file?: Upload, fileField = 'image'): FormData {
  const f = new FormData()
  for (const [k, v] of Object.entries(fields)) f.append(k, v)
  if (file)
    f.append(
      fileField,
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    )
  return f
}

/** Headers that make a trusted-proxy test server (TRUST_PROXY_HOPS=1) see the request as coming from `ip`. */
export const as = (ip: string, extra: Record<string, string> = {}) => ({ 'X-Forwarded-For': ip, ...extra })

export async function postForm(url: string, body: FormData, headers: Record<string, string> = {}) {
  const res = await fetch(url, { method: 'POST', body, headers })
  const text = await res.text()
  let json: any // eslint-disable-line @typescript-eslint/no-explicit-any
  try {
    json = JSON.parse(text)
  } catch {
    json = text
  }
  return { status: res.status, body: json, headers: res.headers }
}

export interface HttpAnswer {
  status: number
  headers: IncomingHttpHeaders
  /** As the server sent it: not decompressed. */
  body: Buffer
  /** The request went on a connection that an earlier answer left open. */
  reused: boolean
}

/**
 * One request by node:http, for what fetch hides: the body's bytes as sent (fetch decompresses them), a Host header
 * of our choosing (fetch drops it), and the connection. On a keep-alive `agent` of one socket, `reused` says the
 * server kept that connection usable after its previous answer. Without an `agent`, Node's global one is used.
 */
export function httpRequest(
  url: string,
  opts: { method?: string; agent?: Agent; headers?: OutgoingHttpHeaders; body?: string | Buffer } = {},
): Promise<HttpAnswer> {
  const { method = 'GET', agent, headers = {}, body } = opts
  return new Promise((resolve, reject) => {
    const req = request(url, { method, agent, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('error', reject)
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks),
          reused: req.reusedSocket,
        }),
      )
    })
    req.on('error', reject)
    req.end(body)
  })
}

/**
 * A GET with a Host header of our choosing (fetch drops a Host header it is given), uncompressed. The page cache
 * keys its entries by Host, so a Host it has never seen gets a render made for that request.
 */
export async function getWithHost(url: string, host: string): Promise<{ status: number; cache: string; body: string }> {
  const res = await httpRequest(url, { headers: { host, 'accept-encoding': 'identity' } })
  return { status: res.status, cache: String(res.headers['x-corkboard-cache']), body: res.body.toString('utf8') }
}

/**
 * How many pages a server's cache has rendered, from its metrics endpoint: put together from a previous render's
 * shell (`spliced`), by Next (`full`), or both when `how` is left out.
 */
export async function pageRenders(serverUrl: string, metricsToken: string, how?: 'spliced' | 'full'): Promise<number> {
  const res = await fetch(`${serverUrl}/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } })
  const counts = (await res.text()).matchAll(/^corkboard_page_cache_renders_total\{how="(\w+)"\} (\d+)$/gm)
  return [...counts].filter((m) => !how || m[1] === how).reduce((sum, m) => sum + Number(m[2]), 0)
}

/** How many pages a server's cache has put together from a previous render's shell. */
export const splicedRenders = (serverUrl: string, metricsToken: string) =>
  pageRenders(serverUrl, metricsToken, 'spliced')
