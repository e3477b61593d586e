// Post fragments are kept as strings between renders, and V8 holds a string at two bytes a character as soon as one
// character is beyond Latin-1. The components must therefore draw their own marks ("[–]", "…", "▶", "📌") as HTML
// entities: a post whose visitor wrote only Latin-1 text gives a fragment of one byte a character.
import { describe, expect, it } from 'vitest'
import { catalogTilesHtml } from '@/components/board/catalog-tiles-html'
import { threadCardsHtml } from '@/components/board/thread-cards-html'
import { threadPostsHtml } from '@/components/thread/thread-posts-html'
import type { PublicPost } from '@/lib/posts/types'
import type { CatalogTile } from '@/lib/threads/catalog'
import type { ThreadSummary } from '@/lib/threads/types'
import { publicPost } from '../helpers/public-post'

const beyondLatin1 = (html: string) => [...new Set(html.match(/[^\u0000-\u00ff]/gu) ?? [])]

const long = 'A café is où the words are. '.repeat(120) // cut on the page, with "Show full post"

// In thread 1, as the inputs below say, with a poster id shown.
const post = (id: number, content: string, extra: Partial<PublicPost> = {}) =>
  publicPost(id, content, {
    thread_id: 1,
    created_at: '2026-11-28T12:00:00.000Z',
    thread_user_id: 'abcd1234',
    ...extra,
  })

const posts = [
  post(1, `Opening post >>2\nhttps://www.youtube.com/watch?v=dQw4w9WgXcQ`),
  post(2, `>>1 a reply quoting\n>greentext × 2`, {
    isBanned: true,
    banInfo: { reason: 'spam', created_at: '2026-11-28T12:00:00.000Z', expires_at: null },
  }),
  post(3, long),
]

describe('post fragments hold no character beyond Latin-1 of their own', () => {
  it('on a thread page', () => {
    const { items } = threadPostsHtml({
      boardId: 'tech',
      threadId: 1,
      posts,
      archived: false,
      showFlags: true,
      countryNames: {},
      crossRefs: {},
      surveyResults: {},
    })
    expect(items.join('')).toContain('Show full post') // the cut post is among them
    expect(items.join('')).toContain('youtube')
    for (const html of items) expect(beyondLatin1(html)).toEqual([])
  })

  it('on a board page and a catalog', () => {
    const thread: ThreadSummary = {
      id: 1,
      board_id: 'tech',
      topic: 'A topic',
      created_at: '2026-11-28T12:00:00.000Z',
      updated_at: '2026-11-28T12:00:00.000Z',
      post_count: 3,
      is_sticky: true,
      is_dead: false,
      op: posts[0],
      latestReplies: posts.slice(1),
      totalReplies: 2,
    } as unknown as ThreadSummary
    const cards = threadCardsHtml({ threads: [thread], showFlags: true })
    for (const html of [...cards.items, cards.json]) expect(beyondLatin1(html)).toEqual([])
    const tile = {
      ...thread,
      reply_count: 2,
      image_count: 0,
      last_post_at: '2026-11-28T12:00:00.000Z',
      excerpt: 'The first words of a long post, cut…',
      op_id: 1,
      thumbnail_url: null,
      file_type: null,
    } as unknown as CatalogTile
    const tiles = catalogTilesHtml([tile])
    expect(tiles).toContain('&hellip;')
    expect(beyondLatin1(tiles)).toEqual([])
  })

  it('only in the post whose text has one', () => {
    const { items } = threadPostsHtml({
      boardId: 'tech',
      threadId: 1,
      posts: [post(1, 'plain'), post(2, 'with an emoji 😀')],
      archived: false,
      showFlags: false,
      countryNames: {},
      crossRefs: {},
      surveyResults: {},
    })
    expect(beyondLatin1(items[0])).toEqual([])
    expect(beyondLatin1(items[1])).toEqual(['😀'])
  })
})
