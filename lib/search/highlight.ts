// The excerpt shown for a result: the post's text with whitespace collapsed, cut to a window around the first
// matched word, and where the matched words are. It stays plain text: the page escapes it and marks the ranges,
// so no user text is ever HTML.
import { WORD, fold } from './terms'

/** Characters of an excerpt, not counting the ellipses. */
export const EXCERPT_LENGTH = 240
/** Characters shown before the first match when the text has to be cut. */
const LEAD = 60

export interface Highlight {
  /** Offsets in Unicode code points into the excerpt; `end` is exclusive. */
  start: number
  end: number
}

export interface Excerpt {
  excerpt: string
  highlights: Highlight[]
}

/** Word spans [start, end) in UTF-16 indices whose folded form is one of `folded`. */
function matchSpans(text: string, folded: ReadonlySet<string>): [number, number][] {
  const spans: [number, number][] = []
  for (const m of text.matchAll(WORD)) {
    if (folded.has(fold(m[0]))) spans.push([m.index, m.index + m[0].length])
  }
  return spans
}

/** Code points in text[0, index). */
const codePointsBefore = (text: string, index: number) => Array.from(text.slice(0, index)).length

export function excerptOf(text: string, words: readonly string[], length = EXCERPT_LENGTH): Excerpt {
  const folded = new Set(words.map(fold))
  const flat = text.normalize('NFC').replace(/\s+/g, ' ').trim()
  const chars = Array.from(flat)
  let from = 0
  if (chars.length > length) {
    const first = matchSpans(flat, folded)[0]
    if (first) from = Math.max(0, Math.min(codePointsBefore(flat, first[0]) - LEAD, chars.length - length))
  }
  const to = Math.min(chars.length, from + length)
  const excerpt = `${from > 0 ? '…' : ''}${chars.slice(from, to).join('')}${to < chars.length ? '…' : ''}`
  const highlights = matchSpans(excerpt, folded).map(([s, e]) => ({
    start: codePointsBefore(excerpt, s),
    end: codePointsBefore(excerpt, e),
  }))
  return { excerpt, highlights }
}

/** The excerpt split into plain and marked pieces, for rendering (each piece is text, escaped by the renderer). */
export function excerptPieces({ excerpt, highlights }: Excerpt): { text: string; marked: boolean }[] {
  const chars = Array.from(excerpt)
  const pieces: { text: string; marked: boolean }[] = []
  let at = 0
  for (const { start, end } of highlights) {
    if (start > at) pieces.push({ text: chars.slice(at, start).join(''), marked: false })
    pieces.push({ text: chars.slice(start, end).join(''), marked: true })
    at = end
  }
  if (at < chars.length) pieces.push({ text: chars.slice(at).join(''), marked: false })
  return pieces
}
