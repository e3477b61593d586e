// The cb_poster cookie on the HTTP side: read the caller's poster key (or mint one), and set it on the
// response of the first successful creation (contract 0.7).
import { posterCookie, posterKeyFrom } from '../posters/identity'
import { arrivedOverHttps } from './scheme'

export function posterFrom(req: Request): { key: string; isNew: boolean; https: boolean } {
  return { ...posterKeyFrom(req.headers.get('cookie')), https: arrivedOverHttps(req.headers) }
}

export function withPosterCookie(res: Response, poster: { key: string; isNew: boolean; https: boolean }): Response {
  if (poster.isNew) res.headers.append('Set-Cookie', posterCookie(poster.key, poster.https))
  return res
}
