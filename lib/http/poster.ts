// The cb_poster cookie on the HTTP side: read the caller's poster key (or mint one), and set it on the
// response of the first successful creation (a year-long, HttpOnly cookie; only a hash of the key is stored with a post).
import { crossOriginCookies, secureCookies } from '../cookie-policy'
import { arrivedOverHttps } from '../net/scheme'
import { isPosterKey, newPosterKey, POSTER_COOKIE } from '../posters/identity'

/** The caller's poster key from its cb_poster cookie, or null when it sent none or a malformed one. */
export function posterKeyOf(headers: Headers): string | null {
  const found = /(?:^|;\s*)cb_poster=([^;]+)/.exec(headers.get('cookie') ?? '')?.[1]
  return found && isPosterKey(found) ? found : null
}

/** The caller's poster key, or a new one to be set on the response (`isNew`). */
export function posterFromHeaders(headers: Headers): { key: string; isNew: boolean; https: boolean } {
  const key = posterKeyOf(headers)
  return { key: key ?? newPosterKey(), isNew: key === null, https: arrivedOverHttps(headers) }
}

export const posterFrom = (req: Request) => posterFromHeaders(req.headers)

/** `https`: the request arrived over HTTPS (server.ts marks it); the cookie is then Secure. */
export function posterCookie(key: string, https: boolean): string {
  // A cross-origin client (CORS_ORIGINS) needs the cookie on its requests: SameSite=None, which requires Secure.
  if (crossOriginCookies()) return `${POSTER_COOKIE}=${key}; Path=/; Max-Age=31536000; HttpOnly; SameSite=None; Secure`
  const secure = secureCookies(https) ? '; Secure' : ''
  return `${POSTER_COOKIE}=${key}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax${secure}`
}

export function withPosterCookie(res: Response, poster: { key: string; isNew: boolean; https: boolean }): Response {
  if (poster.isNew) res.headers.append('Set-Cookie', posterCookie(poster.key, poster.https))
  return res
}
