// HTML fragments of posts (and the JSON of public posts, lib/render/post-json.ts, and the read API's thread-list
// entries, thread-json.ts), kept between renders of the pages and answers that show them: one made again after a write reuses the fragments of every post whose inputs did
// not change. One per process (processSingleton), bounded by FRAGMENT_CACHE_MB (32 MB, about the fragments of 40
// threads of 300 posts written in Latin-1) by the memory its strings take; the least recently used fragments leave
// first. With FRAGMENT_CACHE_MB=0 every fragment is rendered each time.
import { LRUCache } from 'lru-cache'
import { getConfig } from '../config'
import { processSingleton } from '../process-singleton'

interface Fragment {
  /** Everything the fragment was rendered from, serialised: it is reused only for the very same input. */
  input: string
  /** Text, or bytes for parts of answers that are put together as bytes (the read API's thread list). */
  html: string | Buffer
}

const fragments = () =>
  processSingleton('html-fragments', () => {
    const maxSize = getConfig().fragmentCacheBytes
    return maxSize > 0
      ? new LRUCache<string, Fragment>({
          maxSize,
          sizeCalculation: (f) =>
            stringBytes(f.input) + (typeof f.html === 'string' ? stringBytes(f.html) : f.html.length) + 64,
        })
      : null
  })

/**
 * What V8 holds for a string: one byte a character when every character is in Latin-1, otherwise two. Counting two
 * for every string, as this cache once did, let it hold half its bound, and a busy site's working set then no
 * longer fitted: its fragments were rendered again and again.
 */
const BEYOND_LATIN1 = /[^\u0000-\u00ff]/
export const stringBytes = (text: string): number => (BEYOND_LATIN1.test(text) ? 2 : 1) * text.length

/**
 * The fragment at `slot` (one per post and place it is shown in, e.g. `thread-post:12`) if it was rendered from
 * this very `input`; otherwise `render()`'s, kept for next time. Keeping one version per slot is what bounds it:
 * a post's older versions are never asked for again.
 */
export function cachedFragment(slot: string, input: string, render: () => string): string {
  return findFragment(slot, input) ?? keepFragment(slot, input, render())
}

/** The fragment at `slot` if it was made from this very `input` (for callers that make the missing ones in a batch). */
export function findFragment(slot: string, input: string): string | undefined {
  const found = fragments()?.get(slot)
  return found?.input === input && typeof found.html === 'string' ? found.html : undefined
}

/** The bytes kept at `slot` (keepBytes) if they were made from this very `input`. */
export function findBytes(slot: string, input: string): Buffer | undefined {
  const found = fragments()?.get(slot)
  return found?.input === input && typeof found.html !== 'string' ? found.html : undefined
}

/** Keeps `bytes`, made from `input`, at `slot` (replacing any older version) and returns them. */
export function keepBytes(slot: string, input: string, bytes: Buffer): Buffer {
  fragments()?.set(slot, { input, html: bytes })
  return bytes
}

/** Keeps `text`, made from `input`, at `slot` (replacing any older version) and returns it flattened. */
export function keepFragment(slot: string, input: string, text: string): string {
  const cache = fragments()
  if (!cache) return text
  // Kept flat: a string built up by concatenation would be walked piece by piece on every page it goes into.
  const flat = Buffer.from(text).toString()
  cache.set(slot, { input, html: flat })
  return flat
}

/** Bytes the cache holds by its estimate (for metrics and memory checks). */
export function fragmentCacheBytes(): number {
  return fragments()?.calculatedSize ?? 0
}
