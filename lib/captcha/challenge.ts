// Captcha challenges (ALTCHA's proof of work). The server picks the answer, a counter, at random and signs the key
// it derives from it; the browser must try counters 0, 1, 2 … until its derived key starts with the signed prefix.
// Each try is one PBKDF2-SHA-256 derivation of DERIVATION_ITERATIONS iterations, so the solver's work is on average
// CAPTCHA_COMPLEXITY derivations while the server pays one derivation per challenge and none to check an answer.
import { createChallenge, randomInt, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import { captchaKeys } from './secret'
import { getConfig } from '../config'

export const CAPTCHA_ALGORITHM = 'PBKDF2/SHA-256'
/** PBKDF2 iterations of one try. */
export const DERIVATION_ITERATIONS = 1000
/** A challenge is good for ten minutes after it was issued. */
export const CHALLENGE_TTL_MS = 10 * 60_000

export type CaptchaChallenge = Challenge

/** A fresh signed challenge whose answer lies between half and one and a half times `complexity`. */
export async function newCaptchaChallenge(
  complexity = getConfig().captchaComplexity,
  now = Date.now(),
): Promise<CaptchaChallenge> {
  const keys = await captchaKeys()
  return createChallenge({
    algorithm: CAPTCHA_ALGORITHM,
    cost: DERIVATION_ITERATIONS,
    counter: randomInt(Math.ceil(complexity * 1.5), Math.floor(complexity / 2)),
    deriveKey,
    expiresAt: new Date(now + CHALLENGE_TTL_MS),
    hmacSignatureSecret: keys.challenge,
    hmacKeySignatureSecret: keys.answer,
  })
}
