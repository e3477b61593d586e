// The normalised text the duplicate-post rule compares (lib/duplicates/fingerprint.ts).
import { describe, expect, it } from 'vitest'
import { normalisedText, textHashOf } from '@/lib/duplicates/fingerprint'
import { messageFor } from '@/lib/error-messages'

describe('normalisedText', () => {
  it.each([
    ['Hello World', 'hello world'],
    ['  Hello \n\n\t World  ', 'hello world'],
    ['HELLO WORLD', 'hello world'],
    ['Ｈｅｌｌｏ　Ｗｏｒｌｄ', 'hello world'], // full-width letters and space (NFKC)
    ['ﬁne', 'fine'], // a ligature
    ['He\u200bllo\u00ad Wo\u200drld', 'hello world'], // zero-width space, soft hyphen, zero-width joiner
    ['STRASSE', 'strasse'],
    ['Straße', 'strasse'], // full case folding: ß and SS agree
    ['ΟΔΟΣ', 'οδος'],
  ])('%j → %j', (input, expected) => {
    expect(normalisedText(input)).toBe(expected)
  })

  it('keeps what changes the meaning: punctuation, digits and accents', () => {
    expect(normalisedText('hello world!')).not.toBe(normalisedText('hello world'))
    expect(normalisedText('1234')).not.toBe(normalisedText('1235'))
    expect(normalisedText('résumé')).not.toBe(normalisedText('resume'))
    // Composed and decomposed accents are the same text.
    expect(normalisedText('re\u0301sume\u0301')).toBe(normalisedText('résumé'))
  })
})

describe('textHashOf', () => {
  it('is the same hash for texts that normalise alike, and another for other texts', () => {
    expect(textHashOf('Buy  NOW')).toBe(textHashOf('buy now'))
    expect(textHashOf('Buy  NOW')).toMatch(/^[0-9a-f]{64}$/)
    expect(textHashOf('buy now')).not.toBe(textHashOf('buy later'))
  })

  it('is null for a post without text, whitespace and invisible characters included', () => {
    expect(textHashOf('')).toBeNull()
    expect(textHashOf(' \n\t ')).toBeNull()
    expect(textHashOf('\u200b\u200b')).toBeNull()
  })
})

describe('the posting forms', () => {
  it("show the server's sentence for a duplicate, or a general one", () => {
    expect(messageFor({ error: 'Duplicate post', message: 'This text was already posted.' }, 'fallback')).toBe(
      'This text was already posted.',
    )
    expect(messageFor({ error: 'Duplicate post' }, 'fallback')).toBe(
      'This post repeats a recent one. Please write something new.',
    )
  })
})
