// Whether a solution carries this deployment's two signatures, checked with node:crypto's HMAC. altcha-lib's
// verifySolution computes the same two HMAC-SHA-256 values through WebCrypto, whose key import and signing each go
// through a promise and libuv's thread pool: ≈ 0.4 ms of CPU per check against ≈ 0.03 ms here, on the hottest write
// when a board asks for a captcha. The values are the library's own (v2, with a key signature):
// - the challenge's signature: over its parameters as canonical JSON (keys sorted at every level of nested
//   objects, undefined values left out), keyed with the challenge key's UTF-8 bytes;
// - the key signature: over the bytes of the derived key the solver found, keyed with the answer key's.
// A solution's derived key must be lowercase hex of whole bytes and its counter an unsigned 32-bit integer, as the
// library requires. tests/unit/captcha-signatures.test.ts holds this to verifySolution's verdicts.
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { CaptchaKeys } from './keys'
import type { CaptchaPayload } from './schemas'

const UINT32_MAX = 0xffff_ffff

export function solutionSigned({ challenge, solution }: CaptchaPayload, keys: CaptchaKeys): boolean {
  if (!/^(?:[0-9a-f]{2})+$/.test(solution.derivedKey)) return false
  if (!Number.isInteger(solution.counter) || solution.counter < 0 || solution.counter > UINT32_MAX) return false
  const parameters = JSON.stringify(sortedKeys(challenge.parameters))
  if (!sameHex(challenge.signature, hmacHex(keys.challenge, parameters))) return false
  const keySignature = hmacHex(keys.answer, Buffer.from(solution.derivedKey, 'hex'))
  return sameHex(challenge.parameters.keySignature, keySignature)
}

function hmacHex(key: string, data: string | Buffer): string {
  return createHmac('sha256', Buffer.from(key, 'utf8')).update(data).digest('hex')
}

function sameHex(given: string, expected: string): boolean {
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected))
}

/** A copy with every nested object's keys in sorted order and undefined values left out (arrays kept as they are). */
function sortedKeys(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value
  const entries = Object.keys(value)
    .sort()
    .flatMap((key) => {
      const v = (value as Record<string, unknown>)[key]
      return v === undefined ? [] : [[key, sortedKeys(v)] as const]
    })
  return Object.fromEntries(entries)
}
