// What the duplicate-post rule compares. Text is normalised first, so that case, spacing and look-alike forms do
// not make a repeated post new: Unicode NFKC (full-width letters, ligatures), invisible characters removed (zero-width
// spaces, joiners, soft hyphens), case folded, runs of whitespace collapsed to one space, ends trimmed.
import { createHash } from 'node:crypto'

const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu

export function normalisedText(text: string): string {
  return (
    text
      .normalize('NFKC')
      .replace(INVISIBLE, '')
      // Upper then lower case folds what lower case alone keeps apart ("ß" and "SS" both become "ss").
      .toUpperCase()
      .toLowerCase()
      .normalize('NFKC')
      .replace(/\s+/gu, ' ')
      .trim()
  )
}

/**
 * SHA-256 (hex) of a post's normalised text, as stored in posts.text_hash. Only the text counts, never a thread's
 * topic (a new thread always has text). Null for a post without text: an image-only reply is never a text duplicate.
 */
export function textHashOf(content: string): string | null {
  const text = normalisedText(content)
  return text === '' ? null : createHash('sha256').update(text).digest('hex')
}
