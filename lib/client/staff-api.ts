'use client'
// Staff calls from the visitor screens: the session cookie plus the CSRF token for writes.
let token: Promise<string> | undefined

function csrfToken(): Promise<string> {
  return (token ??= fetch('/api/admin/csrf-token', { credentials: 'include' }).then(async (r) => {
    if (!r.ok) throw new Error('no token')
    return (await r.json()).csrfToken as string
  }).catch((err) => { token = undefined; throw err }))
}

export async function staffFetch(method: string, url: string, body?: unknown): Promise<{ ok: boolean; status: number; body: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const headers: Record<string, string> = body === undefined ? {} : { 'Content-Type': 'application/json' }
  if (method !== 'GET') headers['X-CSRF-Token'] = await csrfToken()
  const res = await fetch(url, { method, credentials: 'include', headers, body: body === undefined ? undefined : JSON.stringify(body) })
  return { ok: res.ok, status: res.status, body: await res.json().catch(() => null) }
}
