// The captcha solution a posting form sends in its `captcha` field: the ALTCHA widget's payload, base64 of JSON
// holding the challenge as the server issued it and the solver's answer. The challenge's parameters are kept
// whole (unknown keys included), as its signature covers all of them.
import { z } from 'zod'

/** Longer than any payload the widget sends; anything longer is refused before decoding. */
export const CAPTCHA_FIELD_MAX = 4096

const hex = (max: number) =>
  z
    .string()
    .regex(/^[0-9a-f]+$/)
    .max(max)

export const ZCaptchaPayload = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.string().max(32),
      nonce: hex(128),
      salt: hex(128),
      cost: z.number().int().positive(),
      keyLength: z.number().int().positive().max(64),
      keyPrefix: hex(128),
      keySignature: hex(256),
      // Every challenge this server issues expires; one without an expiry was not issued here.
      expiresAt: z.number().positive(),
    }),
    signature: hex(256),
  }),
  solution: z.looseObject({
    counter: z.number().int().nonnegative(),
    derivedKey: hex(256),
  }),
})
export type CaptchaPayload = z.infer<typeof ZCaptchaPayload>

/** The payload in a form field, or null when it is not one (not base64, not JSON, not the right shape). */
export function parseCaptchaField(field: string): CaptchaPayload | null {
  if (field.length > CAPTCHA_FIELD_MAX) return null
  try {
    const parsed = ZCaptchaPayload.safeParse(JSON.parse(Buffer.from(field, 'base64').toString('utf8')))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}
