// Text rules for all user text: CRLF/CR become LF, surrounding whitespace is trimmed, and lengths count
// Unicode code points (so an emoji is one character, as a reader would count it).
export function normalizeText(value: unknown): string {
  return typeof value === 'string' ? value.replace(/\r\n?/g, '\n').trim() : ''
}

export function codePoints(value: string): number {
  let n = 0
  for (const _ of value) n++
  return n
}
