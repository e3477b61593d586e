// The two captcha signing keys, both from the one stored secret (lib/captcha/secret.ts keeps it).
import { createHmac } from 'node:crypto'

/** The name of the stored secret in the secrets table. */
export const CAPTCHA_SECRET_NAME = 'captcha_hmac'

export interface CaptchaKeys {
  /** Signs the challenge's parameters (nonce, salt, cost, expiry …). */
  challenge: string
  /** Signs the derived key the solver must find, so checking an answer needs no key derivation. */
  answer: string
}

export function captchaKeysFrom(secret: string): CaptchaKeys {
  return { challenge: secret, answer: createHmac('sha256', secret).update('captcha answer key').digest('hex') }
}
