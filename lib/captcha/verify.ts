// Checking a captcha solution: the challenge must carry this deployment's signature, must not have expired, the
// answer's derived key must carry the signed answer key's signature, and the solution must not have been used.
import { claimSolution } from './replay'
import { parseCaptchaField } from './schemas'
import { captchaKeys } from './secret'
import { solutionSigned } from './signatures'
import { ForbiddenError } from '../errors'

export const CAPTCHA_REQUIRED = 'Captcha required'
export const CAPTCHA_INVALID = 'Captcha invalid'

/** Accepts a solution once; throws ForbiddenError (403) when it is missing, wrong, expired or used already. */
export async function verifyCaptcha(field: string | undefined, now = Date.now()): Promise<void> {
  if (!field) throw new ForbiddenError(CAPTCHA_REQUIRED)
  const payload = parseCaptchaField(field)
  if (!payload) throw new ForbiddenError(CAPTCHA_INVALID)
  const { challenge } = payload
  const expiresAtMs = challenge.parameters.expiresAt * 1000
  if (expiresAtMs <= now) throw new ForbiddenError(CAPTCHA_INVALID)
  // The signatures as altcha-lib's verifySolution checks them, without its WebCrypto (signatures.ts).
  if (!solutionSigned(payload, await captchaKeys())) throw new ForbiddenError(CAPTCHA_INVALID)
  if (!(await claimSolution(challenge.signature, new Date(expiresAtMs)))) throw new ForbiddenError(CAPTCHA_INVALID)
}
