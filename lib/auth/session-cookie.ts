// The staff session read from a Cookie header, for code that has the request itself rather than Next's request
// scope: API route handlers (server.ts may call them without Next, lib/http/direct-routes.ts) and socket.io
// handshakes. The cookie is unsealed and checked like a page's session (active user, current generation, under
// 24 hours); a missing, malformed or expired seal is simply no staff.
import { unsealData } from 'iron-session'
import { SESSION_TTL_SECONDS, type SessionData } from './session-data'
import { currentStaff, type Staff } from './staff'
import { getConfig } from '../config'

export const SESSION_COOKIE = 'cb_session'

/**
 * The sealed session from a Cookie header, or null. Sent twice (an old cookie of a parent domain beside the current
 * one), the last that decodes counts, as Next's `cookies()` reads it for staff routes and pages.
 */
export function sessionSealOf(cookieHeader: string | string[] | null | undefined): string | null {
  const header = Array.isArray(cookieHeader) ? cookieHeader.join('; ') : (cookieHeader ?? '')
  let seal: string | null = null
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) {
      try {
        seal = decodeURIComponent(part.slice(eq + 1).trim())
      } catch {
        // not a value Next would read either
      }
    }
  }
  return seal
}

/** The staff member a sealed session belongs to, or null. */
export async function staffOfSeal(seal: string | null): Promise<Staff | null> {
  if (!seal) return null
  const session = await unsealData<SessionData>(seal, {
    password: getConfig().sessionSecret,
    ttl: SESSION_TTL_SECONDS,
  }).catch(() => ({}) as SessionData)
  return currentStaff(session)
}

/** Whether the request carries a valid staff session (visitors without the cookie cost no database read). */
export async function isStaffRequest(req: Request): Promise<boolean> {
  return (await staffOfSeal(sessionSealOf(req.headers.get('cookie')))) !== null
}
