// solutionSigned (lib/captcha/signatures.ts) checks a solution's two signatures with node:crypto instead of
// altcha-lib's WebCrypto: for every solution, genuine or altered in any part the signatures cover, it must give
// the library's own verdict, and accept exactly the genuine ones.
import { createChallenge, solveChallenge, verifySolution } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import { describe, expect, it } from 'vitest'
import { captchaKeysFrom } from '@/lib/captcha/keys'
import { ZCaptchaPayload, type CaptchaPayload } from '@/lib/captcha/schemas'
import { solutionSigned } from '@/lib/captcha/signatures'

const keys = captchaKeysFrom('5a'.repeat(32))
const otherKeys = captchaKeysFrom('a5'.repeat(32))

async function solved(data?: object): Promise<CaptchaPayload> {
  const challenge = await createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: 10,
    counter: 3,
    deriveKey,
    // Its type allows flat values only; nested objects are signed at every level all the same.
    data: data as Record<string, string> | undefined,
    expiresAt: new Date(Date.now() + 600_000),
    hmacSignatureSecret: keys.challenge,
    hmacKeySignatureSecret: keys.answer,
  })
  const solution = await solveChallenge({ challenge, deriveKey })
  // As verifyCaptcha reads it: through the form field's schema, which rebuilds the objects.
  return ZCaptchaPayload.parse(JSON.parse(JSON.stringify({ challenge, solution })))
}

async function libraryVerdict(payload: CaptchaPayload, k = keys): Promise<boolean> {
  const result = await verifySolution({
    challenge: payload.challenge,
    solution: { counter: payload.solution.counter, derivedKey: payload.solution.derivedKey },
    deriveKey,
    hmacSignatureSecret: k.challenge,
    hmacKeySignatureSecret: k.answer,
  }).catch(() => null)
  return Boolean(result?.verified)
}

const flip = (hex: string, at = 0) => hex.slice(0, at) + (hex[at] === '0' ? '1' : '0') + hex.slice(at + 1)

type Alteration = [string, (p: CaptchaPayload) => CaptchaPayload]
const alterations: Alteration[] = [
  ['nothing', (p) => p],
  [
    'a parameter',
    (p) => ({ ...p, challenge: { ...p.challenge, parameters: { ...p.challenge.parameters, cost: 11 } } }),
  ],
  [
    'a parameter added',
    (p) => ({ ...p, challenge: { ...p.challenge, parameters: { ...p.challenge.parameters, extra: 'x' } } }),
  ],
  [
    'the parameters reordered',
    (p) => ({
      ...p,
      challenge: {
        ...p.challenge,
        parameters: Object.fromEntries(
          Object.entries(p.challenge.parameters).reverse(),
        ) as CaptchaPayload['challenge']['parameters'],
      },
    }),
  ],
  ['the signature', (p) => ({ ...p, challenge: { ...p.challenge, signature: flip(p.challenge.signature) } })],
  [
    'the signature cut short',
    (p) => ({ ...p, challenge: { ...p.challenge, signature: p.challenge.signature.slice(2) } }),
  ],
  [
    'the key signature',
    (p) => ({
      ...p,
      challenge: {
        ...p.challenge,
        parameters: { ...p.challenge.parameters, keySignature: flip(p.challenge.parameters.keySignature, 5) },
      },
    }),
  ],
  ['the derived key', (p) => ({ ...p, solution: { ...p.solution, derivedKey: flip(p.solution.derivedKey, 9) } })],
  [
    'the derived key in capitals',
    (p) => ({ ...p, solution: { ...p.solution, derivedKey: p.solution.derivedKey.toUpperCase() } }),
  ],
  [
    'half a byte of derived key',
    (p) => ({ ...p, solution: { ...p.solution, derivedKey: p.solution.derivedKey.slice(1) } }),
  ],
  ['the counter', (p) => ({ ...p, solution: { ...p.solution, counter: p.solution.counter + 1 } })],
  ['a counter past 32 bits', (p) => ({ ...p, solution: { ...p.solution, counter: 2 ** 32 } })],
]

describe('solutionSigned against altcha-lib', () => {
  it('gives the library verdict for genuine and altered solutions, nested data included', async () => {
    const payloads = [await solved(), await solved(), await solved({ b: { z: 1, a: [2, { y: 3, x: 4 }] }, a: 'first' })]
    let accepted = 0
    for (const payload of payloads) {
      for (const [what, alter] of alterations) {
        const altered = alter(payload)
        const ours = solutionSigned(altered, keys)
        expect(ours, what).toBe(await libraryVerdict(altered))
        if (ours) accepted++
      }
      expect(solutionSigned(payload, otherKeys)).toBe(await libraryVerdict(payload, otherKeys))
      expect(solutionSigned(payload, otherKeys)).toBe(false)
    }
    // The genuine solution, and the same one with its parameters in another order or its counter changed (the
    // key signature covers the derived key, not the counter): nothing else.
    expect(accepted).toBe(payloads.length * 3)
  })
})
