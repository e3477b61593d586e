// The captcha step of creating a thread or a reply, after the ban check and the (uncounted) rate-limit check, before
// the limit is counted and the upload stored: on a board that asks for one, the form is read for its `captcha` field
// and the solution checked (staff are exempt). A refused captcha does not count against the limits. The form is
// read once: the reader returned hands the same form to the rest of the creation.
import { captchaRequired, type CaptchaMode, type PostKind } from './modes'
import { verifyCaptcha } from './verify'

export interface CaptchaStep<F> {
  mode: CaptchaMode
  kind: PostKind
  readForm: () => Promise<F>
  /** Logged-in staff post without solving a captcha. */
  exempt?: () => Promise<boolean>
  /** Wraps the early read so that a body that cannot be read still counts against the posting limits. */
  countRefusedRead?: (read: () => Promise<F>) => Promise<F>
}

/** Throws 403 unless the post may go ahead; resolves with the form reader the creation goes on with. */
export async function requireCaptcha<F extends { fields: Record<string, string> }>({
  mode,
  kind,
  readForm,
  exempt,
  countRefusedRead = (read) => read(),
}: CaptchaStep<F>): Promise<() => Promise<F>> {
  if (!captchaRequired(mode, kind) || (exempt && (await exempt()))) return readForm
  const form = await countRefusedRead(readForm)
  await verifyCaptcha(form.fields.captcha)
  return async () => form
}
