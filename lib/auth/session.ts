// The staff session: a sealed, encrypted iron-session cookie `cb_session` holding the CSRF
// token and, once logged in, the user id, login time and the user's session generation.
import { randomBytes } from 'node:crypto'
import { getIronSession, type IronSession, type SessionOptions } from 'iron-session'
import { cookies, headers } from 'next/headers'
import { getConfig } from '../config'
import { SESSION_COOKIE } from './session-cookie'
import { SESSION_TTL_SECONDS, type SessionData } from './session-data'
import { crossOriginCookies, secureCookies } from '../cookie-policy'
import { arrivedOverHttps } from '../net/scheme'

export { SESSION_TTL_SECONDS, type SessionData }

export type StaffSession = IronSession<SessionData>

/** `https`: the request arrived over HTTPS (server.ts marks it); the cookie is then Secure. */
export function sessionOptions(https: boolean): SessionOptions {
  const config = getConfig()
  return {
    password: config.sessionSecret,
    cookieName: SESSION_COOKIE,
    ttl: SESSION_TTL_SECONDS,
    cookieOptions: {
      httpOnly: true,
      // A cross-origin client (CORS_ORIGINS) needs the cookie on its requests: SameSite=None, which requires Secure.
      sameSite: crossOriginCookies() ? 'none' : 'lax',
      path: '/',
      secure: secureCookies(https),
    },
  }
}

export async function getSession(): Promise<StaffSession> {
  return getIronSession<SessionData>(await cookies(), sessionOptions(arrivedOverHttps(await headers())))
}

export const newCsrfToken = () => randomBytes(32).toString('base64url')
