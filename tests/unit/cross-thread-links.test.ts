// The index of links between threads that the page cache asks on deletions: which thread pages to drop, and all
// of them while pages rendered before the index started over may still be kept.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MAX_LINKS, noteCrossThreadLinks, threadsLinkingTo } from '@/lib/posts/cross-thread-links'

describe('cross-thread links', () => {
  afterEach(() => vi.useRealTimers())

  it('names the threads linking to a deleted post or into a deleted thread, and no others', () => {
    noteCrossThreadLinks(1, { postIds: [50, 51] })
    noteCrossThreadLinks(1, { threadIds: [9] })
    noteCrossThreadLinks(2, { postIds: [50] })
    noteCrossThreadLinks(2, { threadIds: [9] })
    expect(threadsLinkingTo({ postId: 50, threadId: 9 }).toString()).toBe('1,2')
    expect(threadsLinkingTo({ postId: 51, threadId: 9 })).toEqual([1])
    expect(threadsLinkingTo({ postId: 52, threadId: 9 })).toEqual([])
    expect(threadsLinkingTo({ threadId: 9 })).toEqual([1, 2])
    expect(threadsLinkingTo({ threadId: 8 })).toEqual([])
  })

  it('starts over when full, and answers all until the pages rendered before have aged out', () => {
    vi.useFakeTimers({ now: Date.now() })
    noteCrossThreadLinks(3, { postIds: Array.from({ length: MAX_LINKS + 1 }, (_, i) => 1_000_000 + i) })
    expect(threadsLinkingTo({ postId: 1_000_000, threadId: 4 })).toBe('all')
    vi.advanceTimersByTime(10 * 60_000 + 1)
    expect(threadsLinkingTo({ postId: 1_000_000, threadId: 4 })).toEqual([])
  })
})
