'use client'
// The one way the browser calls the JSON API: typed answers, one typed error, and the CSRF token on staff writes.
import { csrfToken, replaceRefusedToken } from './csrf-token'
import type { ErrorBody } from '../../error-messages'

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** A call the server answered with an error status; `body` is its JSON error body (null when there was none). */
export class ApiError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
    readonly body: ErrorBody | null,
  ) {
    super(`${url}: ${status}`)
    this.name = 'ApiError'
  }
}

/** The server's error body of a failed call; null when the call got no answer (network, token fetch). */
export function errorBodyOf(err: unknown): ErrorBody | null {
  return err instanceof ApiError ? err.body : null
}

export interface RequestOptions {
  /** Sent as JSON. */
  body?: unknown
  /** A staff call: writes carry the session's CSRF token. */
  staff?: boolean
  /** Extra headers, sent as given. */
  headers?: Record<string, string>
}

// The answer staff routes give to a missing or outdated token (the session was renewed, e.g. by a login elsewhere).
const isRefusedToken = (status: number, body: ErrorBody | null) =>
  status === 403 && body?.error === 'Invalid CSRF token'

/**
 * Sends one call and answers its JSON body, or throws ApiError. A staff write whose token is refused fetches a
 * new token and is sent once more; a second refusal is the answer.
 */
export async function request<T>(
  method: Method,
  url: string,
  { body, staff = false, headers: extra = {} }: RequestOptions = {},
): Promise<T> {
  const withToken = staff && method !== 'GET'
  const send = (token?: string) => {
    const headers: Record<string, string> =
      body === undefined ? { ...extra } : { 'Content-Type': 'application/json', ...extra }
    if (token !== undefined) headers['X-CSRF-Token'] = token
    return fetch(url, {
      method,
      credentials: 'include',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  }

  const token = withToken ? await csrfToken() : undefined
  let res = await send(token)
  if (res.ok) return res.json() as Promise<T>
  let error = await errorBody(res)
  if (token !== undefined && isRefusedToken(res.status, error)) {
    res = await send(await replaceRefusedToken(token))
    if (res.ok) return res.json() as Promise<T>
    error = await errorBody(res)
  }
  throw new ApiError(url, res.status, error)
}

async function errorBody(res: Response): Promise<ErrorBody | null> {
  const parsed: unknown = await res.json().catch(() => null)
  return parsed && typeof parsed === 'object' ? (parsed as ErrorBody) : null
}
