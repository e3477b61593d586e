// The captcha's pure rules: which posts a board's setting covers, and which form fields decode to a payload.
import { describe, expect, it } from 'vitest'
import { captchaRequired, toCaptchaMode } from '@/lib/captcha/modes'
import { CAPTCHA_FIELD_MAX, parseCaptchaField } from '@/lib/captcha/schemas'

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64')

const payload = {
  challenge: {
    parameters: {
      algorithm: 'PBKDF2/SHA-256',
      nonce: 'ab'.repeat(16),
      salt: 'cd'.repeat(16),
      cost: 1000,
      keyLength: 32,
      keyPrefix: 'ef'.repeat(16),
      keySignature: '01'.repeat(32),
      expiresAt: 1_900_000_000,
    },
    signature: '23'.repeat(32),
  },
  solution: { counter: 42, derivedKey: '45'.repeat(32), time: 12.5 },
}

describe('captchaRequired', () => {
  it('asks for threads under threads and all, for replies only under all', () => {
    expect(captchaRequired('off', 'thread')).toBe(false)
    expect(captchaRequired('off', 'reply')).toBe(false)
    expect(captchaRequired('threads', 'thread')).toBe(true)
    expect(captchaRequired('threads', 'reply')).toBe(false)
    expect(captchaRequired('all', 'thread')).toBe(true)
    expect(captchaRequired('all', 'reply')).toBe(true)
  })

  it('reads an unknown stored value as off', () => {
    expect(toCaptchaMode('all')).toBe('all')
    expect(toCaptchaMode('sometimes')).toBe('off')
  })
})

describe('parseCaptchaField', () => {
  it('decodes the widget payload and keeps every parameter the signature covers', () => {
    const extra = {
      ...payload,
      challenge: { ...payload.challenge, parameters: { ...payload.challenge.parameters, data: { a: 1 } } },
    }
    expect(parseCaptchaField(encode(extra))?.challenge.parameters).toMatchObject({ data: { a: 1 }, cost: 1000 })
  })

  it('refuses what is not a payload', () => {
    expect(parseCaptchaField('not base64 at all!')).toBeNull()
    expect(parseCaptchaField(encode({ challenge: null, solution: null, test: true }))).toBeNull()
    const { expiresAt: _, ...noExpiry } = payload.challenge.parameters
    expect(
      parseCaptchaField(encode({ ...payload, challenge: { ...payload.challenge, parameters: noExpiry } })),
    ).toBeNull()
    expect(parseCaptchaField(encode({ ...payload, solution: { counter: -1, derivedKey: 'ab' } }))).toBeNull()
    expect(parseCaptchaField(encode({ ...payload, solution: { counter: 1, derivedKey: 'XYZ' } }))).toBeNull()
    expect(parseCaptchaField('A'.repeat(CAPTCHA_FIELD_MAX + 1))).toBeNull()
  })
})
