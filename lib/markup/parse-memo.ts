// The parsed markup of recent post texts, bounded by an estimate of the memory it holds. One per process (server
// copies of this module share it through processSingleton; a browser tab has its own): the least recently used
// texts leave first.
import { processSingleton } from '../process-singleton'

/** Texts of posts on a few hundred hot pages; a 300-post thread of 500-character posts holds about 1 MB. */
export const PARSE_MEMO_MAX_BYTES = 8 * 1024 * 1024
// Longer texts are parsed each time: a post is at most a few thousand characters, so this only turns away misuse.
const MAX_TEXT = 20_000

interface Memo<T> {
  entries: Map<string, { value: T; bytes: number }>
  bytes: number
}

const memo = () => processSingleton<Memo<unknown>>('markup-parse-memo', () => ({ entries: new Map(), bytes: 0 }))

// The key string twice over (UTF-16) plus the parsed lines and nodes, which hold slices of it: an estimate.
const estimate = (text: string) => 4 * text.length + 256

export function parsedMarkup<T>(text: string, parse: (text: string) => T): T {
  if (text.length > MAX_TEXT) return parse(text)
  const m = memo() as Memo<T>
  const found = m.entries.get(text)
  if (found) {
    // Moved to the end: a Map iterates in insertion order, so its first entries are the least recently used.
    m.entries.delete(text)
    m.entries.set(text, found)
    return found.value
  }
  const value = parse(text)
  const bytes = estimate(text)
  m.entries.set(text, { value, bytes })
  m.bytes += bytes
  for (const [key, entry] of m.entries) {
    if (m.bytes <= PARSE_MEMO_MAX_BYTES) break
    m.entries.delete(key)
    m.bytes -= entry.bytes
  }
  return value
}

/** Bytes the memo holds by its estimate (for metrics and memory checks). */
export function parseMemoBytes(): number {
  return memo().bytes
}

/** Forgets every parsed text (tests). */
export function clearParseMemo(): void {
  const m = memo()
  m.entries.clear()
  m.bytes = 0
}
