// The fragment cache is bounded by the memory its strings take. Counting is checked against V8 itself: strings made
// as the cache makes them (decoded from UTF-8) are allocated, collected and weighed on the heap, and the count may
// not be below what they hold, nor far above it (the cache would then keep much less than its bound).
import { getHeapStatistics, setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { stringBytes } from '@/lib/render/fragment-cache'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

/** Heap bytes per string of `make(i)`, measured over many of them. */
function heapBytesEach(make: (i: number) => string): number {
  const count = 5_000
  gc()
  const before = getHeapStatistics().used_heap_size
  const kept = Array.from({ length: count }, (_, i) => Buffer.from(make(i)).toString())
  gc()
  const after = getHeapStatistics().used_heap_size
  expect(kept).toHaveLength(count)
  return (after - before) / count
}

const body = '<article class="post"><p>' + 'words of a post '.repeat(150) + '</p></article>'

describe('stringBytes', () => {
  it.each([
    ['ASCII', (i: number) => `${body}${i}`],
    ['Latin-1', (i: number) => `${body}café × ${i}`],
    ['an en dash', (i: number) => `${body}[–] ${i}`],
    ['an emoji', (i: number) => `${body}😀 ${i}`],
    ['Cyrillic', (i: number) => `${body}привет ${i}`],
  ])('is not below what V8 holds for text with %s, nor far above', (_, make) => {
    const counted = stringBytes(make(0))
    const held = heapBytesEach(make)
    // Each string's header and the array slot that keeps it are within the cache's 64 bytes of overhead a fragment.
    expect(counted + 64).toBeGreaterThanOrEqual(held)
    expect(counted).toBeLessThanOrEqual(1.05 * held)
  })

  it('counts Latin-1 at one byte a character and anything else at two', () => {
    expect(stringBytes('<p>hello</p>')).toBe(12)
    expect(stringBytes('café ×')).toBe(6)
    expect(stringBytes('[–]')).toBe(6)
    expect(stringBytes('😀')).toBe(4)
    expect(stringBytes('')).toBe(0)
  })
})
