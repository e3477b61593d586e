// Small HTTP helpers for posting like a browser would (multipart with a file), as a given client address, and for
// reading a page under a Host header of the test's choosing.
import { request } from 'node:http'

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

/**
 * A GET with a Host header of our choosing (fetch drops a Host header it is given), uncompressed. The page cache
 * keys its entries by Host, so a Host it has never seen gets a render made for that request.
 */
export function getWithHost(url: string, host: string): Promise<{ status: number; cache: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host, 'accept-encoding': 'identity' } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('error', reject)
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          cache: String(res.headers['x-corkboard-cache']),
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      )
    })
    req.on('error', reject)
    req.end()
  })
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
