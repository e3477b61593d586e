// Creating a thread or a reply for a caller: what the domain functions need to know of the poster and their form,
// and the API's answer to a multipart POST that creates one.
import { json } from './error-response'
import { readMultipart, type MultipartForm } from './multipart'
import { posterFrom, withPosterCookie } from './poster'
import { isStaffCaller } from '../auth/staff-caller'

/** The poster's side of a new thread or reply; staff callers are exempt from bans and captchas. */
export interface PosterInput {
  ip: string
  posterKey: string
  readForm: () => Promise<MultipartForm>
  banExempt: () => Promise<boolean>
  captchaExempt: () => Promise<boolean>
}

/**
 * Answers a multipart API request that creates a thread or a reply: `create` reads the request's body as the form and
 * posts under the caller's poster key; 201 with `message` and what was created, a new poster key set as a cookie.
 */
export async function createFromRequest(
  req: Request,
  ip: string,
  message: string,
  create: (poster: PosterInput) => Promise<object>,
): Promise<Response> {
  const poster = posterFrom(req)
  const created = await create({
    ip,
    posterKey: poster.key,
    readForm: () => readMultipart(req),
    banExempt: isStaffCaller,
    captchaExempt: isStaffCaller,
  })
  return withPosterCookie(json({ message, ...created }, 201), poster)
}
