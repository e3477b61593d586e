import { describe, expect, it } from 'vitest'
import {
  backlinksOf,
  initialThreadState,
  threadReducer,
  type ThreadAction,
  type ThreadState,
} from '@/lib/client/thread-state'
import type { PublicThread } from '@/lib/threads/types'
import { publicPost as post } from '../helpers/public-post'

const THREAD: PublicThread = {
  id: 7,
  board_id: 'tech',
  topic: 'Editors',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  is_sticky: false,
  is_dead: false,
  died_at: null,
  deletes_at: null,
  post_count: 2,
}

const feed = (state: ThreadState, ...actions: ThreadAction[]) => actions.reduce(threadReducer, state)
const start = () => initialThreadState(THREAD, [post(1), post(2)])
const ids = (state: ThreadState) => state.posts.map((p) => p.id)
const created = (id: number, awayFromBottom = false, threadId = 7): ThreadAction => ({
  type: 'post_created',
  threadId,
  postCount: id,
  post: post(id),
  awayFromBottom,
})

describe('thread state: posts arriving', () => {
  it('starts from the served posts, the newest id remembered', () => {
    expect(start()).toMatchObject({ lastId: 2, deleted: false, unseen: 0, notice: null, surveyVersions: {} })
    expect(ids(start())).toEqual([1, 2])
    expect(initialThreadState(THREAD, []).lastId).toBe(0)
  })

  it('appends a live post, counts it in the thread and tints it', () => {
    const state = feed(start(), created(3))
    expect(ids(state)).toEqual([1, 2, 3])
    expect(state.thread.post_count).toBe(3)
    expect(state.lastId).toBe(3)
    expect([...state.newIds]).toEqual([3])
  })

  it('does not duplicate a post that comes twice (live, then in a catch-up)', () => {
    const state = feed(start(), created(3), created(3), {
      type: 'caught_up',
      thread: { ...THREAD, post_count: 3 },
      posts: [post(2), post(3)],
      awayFromBottom: true,
    })
    expect(ids(state)).toEqual([1, 2, 3])
    expect(state.unseen).toBe(0)
  })

  it('ignores posts of another thread', () => {
    const state = start()
    expect(feed(state, created(3, false, 8))).toBe(state)
  })

  it('counts posts that arrive while the reader is scrolled up, until the bottom is reached', () => {
    const state = feed(start(), created(3, true), {
      type: 'caught_up',
      thread: THREAD,
      posts: [post(4), post(5)],
      awayFromBottom: true,
    })
    expect(state.unseen).toBe(3)
    expect(feed(state, { type: 'reached_bottom' }).unseen).toBe(0)
    expect(feed(start(), created(3, false)).unseen).toBe(0)
  })

  it('the tint goes once its time is up, and only for the posts it was for', () => {
    const state = feed(start(), created(3), created(4))
    const expired = feed(state, { type: 'new_flags_expired', postIds: [3] })
    expect([...expired.newIds]).toEqual([4])
    expect(feed(expired, { type: 'new_flags_expired', postIds: [3] })).toBe(expired)
  })
})

describe('thread state: catching up', () => {
  it('takes the fetched thread whole and appends the posts it missed', () => {
    const later: PublicThread = { ...THREAD, is_sticky: true, post_count: 4, updated_at: '2026-01-02T00:00:00.000Z' }
    const state = feed(start(), { type: 'caught_up', thread: later, posts: [post(3), post(4)], awayFromBottom: false })
    expect(state.thread).toEqual(later)
    expect(ids(state)).toEqual([1, 2, 3, 4])
    expect([...state.newIds]).toEqual([3, 4])
  })

  it('takes the thread even when no post was missed', () => {
    const later = { ...THREAD, is_dead: true }
    expect(feed(start(), { type: 'caught_up', thread: later, posts: [], awayFromBottom: false }).thread).toEqual(later)
  })

  it('does not bring back a post deleted since it was shown', () => {
    const state = feed(
      start(),
      created(3),
      { type: 'post_deleted', postId: 3, postCount: 2 },
      { type: 'caught_up', thread: THREAD, posts: [post(3)], awayFromBottom: false },
    )
    expect(ids(state)).toEqual([1, 2])
  })
})

describe('thread state: changes to posts and the thread', () => {
  it('a deleted post disappears and the count follows', () => {
    const state = feed(start(), { type: 'post_deleted', postId: 2, postCount: 1 })
    expect(ids(state)).toEqual([1])
    expect(state.thread.post_count).toBe(1)
  })

  it('the reader’s own deleted post disappears; a failed deletion leaves a notice', () => {
    expect(ids(feed(start(), { type: 'own_post_deleted', postId: 2 }))).toEqual([1])
    expect(feed(start(), { type: 'own_delete_failed', message: 'Post not found' }).notice).toBe('Post not found')
  })

  it('a colour change reaches only its post', () => {
    const state = feed(start(), { type: 'post_color_changed', postId: 2, color: 'red' })
    expect(state.posts.map((p) => p.color)).toEqual(['black', 'red'])
  })

  it('a thread is made sticky and unsticky', () => {
    const sticky = feed(start(), { type: 'sticky_changed', isSticky: true })
    expect(sticky.thread.is_sticky).toBe(true)
    expect(feed(sticky, { type: 'sticky_changed', isSticky: false }).thread.is_sticky).toBe(false)
  })

  it('a thread that dies is archived, to be deleted 48 hours later', () => {
    const state = feed(start(), { type: 'thread_died', diedAt: '2026-03-01T10:00:00.000Z' })
    expect(state.thread).toMatchObject({
      is_dead: true,
      died_at: '2026-03-01T10:00:00.000Z',
      deletes_at: '2026-03-03T10:00:00.000Z',
    })
  })

  it('a deleted thread is marked so', () => {
    expect(feed(start(), { type: 'thread_deleted' }).deleted).toBe(true)
  })

  it('each vote bumps its own poll’s version', () => {
    const state = feed(
      start(),
      { type: 'survey_vote', surveyId: 4 },
      { type: 'survey_vote', surveyId: 4 },
      { type: 'survey_vote', surveyId: 9 },
    )
    expect(state.surveyVersions).toEqual({ 4: 2, 9: 1 })
  })
})

describe('backlinksOf', () => {
  it('lists the later posts that reference each post, leaving out self-references', () => {
    const links = backlinksOf([post(1), post(2, '>>1 yes'), post(3, '>>1 >>2 >>3'), post(4, '>>99')])
    expect(links.get(1)).toEqual([2, 3])
    expect(links.get(2)).toEqual([3])
    expect(links.has(3)).toBe(false)
    expect(links.get(99)).toEqual([4])
  })
})
