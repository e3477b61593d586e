// Small HTTP helpers for posting like a browser would (multipart with a file), as a given client address.
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
