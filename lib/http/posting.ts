// Creating a thread or a reply for a caller: what the domain functions need to know of the poster and their form,
// and the API's answer to a multipart POST that creates one.
import { json } from './error-response'
import { readMultipart, type MultipartForm } from './multipart'
import { posterFrom, withPosterCookie } from './poster'
import { isStaffRequest } from '../auth/session-cookie'

/** The poster's side of a new thread or reply (createThread, createReply); staff are exempt from bans and captchas. */
export interface PosterInput {
  ip: string
  posterKey: string
  /** Reads the multipart body: after the board and ban checks, and after the rate-limit check unless a captcha is asked. */
  readForm: () => Promise<MultipartForm>
  /** Asked only when a ban applies: logged-in staff are not stopped by visitor bans on their own address. */
  banExempt?: () => Promise<boolean>
  /** Asked only on a board whose captcha covers this kind of post: logged-in staff post without one. */
  captchaExempt?: () => Promise<boolean>
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
  // Both exemptions ask the same question: the session is unsealed once, and only if one of them is reached.
  let staff: Promise<boolean> | undefined
  const isStaff = () => (staff ??= isStaffRequest(req))
  const created = await create({
    ip,
    posterKey: poster.key,
    readForm: () => readMultipart(req),
    banExempt: isStaff,
    captchaExempt: isStaff,
  })
  return withPosterCookie(json({ message, ...created }, 201), poster)
}
