// The count of unseen replies to the reader's own posts, shown in the title while the tab is hidden.
import { describe, expect, it } from 'vitest'
import { repliesToOwn, titleWithCount } from '../../lib/client/reply-alerts'
import type { PublicPost } from '../../lib/posts/types'

const post = (id: number, content: string) => ({ id, content }) as PublicPost

describe('reply alerts', () => {
  const posts = [post(1, 'op'), post(2, 'mine'), post(3, '>>2 yes'), post(4, '>>1 no'), post(5, '>>2\n>>2 twice')]
  it('counts newer posts that quote one of the reader posts, once each, never the reader own', () => {
    expect(repliesToOwn(posts, new Set([2]), 2)).toBe(2)
    expect(repliesToOwn(posts, new Set([2]), 3)).toBe(1)
    expect(repliesToOwn(posts, new Set([2, 3]), 2)).toBe(1)
    expect(repliesToOwn(posts, new Set(), 0)).toBe(0)
  })
  it('puts the count in front of the title only when there is one', () => {
    expect(titleWithCount('A thread', 2)).toBe('(2) A thread')
    expect(titleWithCount('A thread', 0)).toBe('A thread')
  })
})
