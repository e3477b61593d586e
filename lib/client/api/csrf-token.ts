'use client'
// The session's CSRF token, which every staff write sends in X-CSRF-Token. It is fetched once and kept for the
// page's lifetime; login issues a new one (remembered from its answer) and a refused token is fetched again.
import { staffPaths } from './paths'

/** The token could not be fetched: the call is not sent, and forms show their own fallback message. */
export class CsrfTokenUnavailable extends Error {
  constructor(status: number | string) {
    super(`CSRF token unavailable: ${status}`)
    this.name = 'CsrfTokenUnavailable'
  }
}

let token: Promise<string> | undefined

function fetchToken(): Promise<string> {
  const pending: Promise<string> = fetch(staffPaths.csrfToken(), { credentials: 'include' }).then(async (res) => {
    if (!res.ok) throw new CsrfTokenUnavailable(res.status)
    return (await res.json()).csrfToken as string
  })
  // A failed fetch is not kept: the next call tries again.
  pending.catch(() => {
    if (token === pending) token = undefined
  })
  return pending
}

/** The cached token, fetched on first use. */
export function csrfToken(): Promise<string> {
  return (token ??= fetchToken())
}

/** A token fetched now (the login form wants the current session's, not one cached before a logout). */
export function freshCsrfToken(): Promise<string> {
  return (token = fetchToken())
}

/** After the server refused `refused`: a new token, fetched once however many calls were refused together. */
export async function replaceRefusedToken(refused: string): Promise<string> {
  const current = await token?.catch(() => undefined)
  if (current === undefined || current === refused) return freshCsrfToken()
  return current
}

/** The token a login answered with (the session's new one). */
export function rememberCsrfToken(value: string): void {
  token = Promise.resolve(value)
}

/** After logout the session and its token are gone. */
export function forgetCsrfToken(): void {
  token = undefined
}
