// The words of a search, as both databases' indexes see them: runs of letters, digits and combining marks in any
// script (emoji, punctuation and operator characters separate words and are never searched for). Matching ignores
// case and accents, so words are compared in their folded form.

/** A word: letters, digits and combining marks of any script. */
export const WORD = /[\p{L}\p{N}\p{M}]+/gu

/** Lower case without accents: "Café" and "cafe" fold alike. */
export function fold(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

/** The distinct words of a search in the order given, lower-cased (accents kept: PostgreSQL matches them as typed). */
export function searchWords(q: string): string[] {
  const seen = new Set<string>()
  for (const [word] of q.normalize('NFC').matchAll(WORD)) seen.add(word.toLowerCase())
  return [...seen]
}
