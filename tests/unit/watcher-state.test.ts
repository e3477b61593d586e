// The thread watcher's state: counting new replies and replies to the reader's posts, seen marks, dead threads,
// where an entry leads, the bound on the list and reading stored junk.
import { describe, expect, it } from 'vitest'
import {
  EMPTY_WATCHER,
  MAX_WATCHED,
  firstUnreadHref,
  labelFor,
  parseWatcher,
  roomsToJoin,
  serializeWatcher,
  totals,
  watcherReducer,
  type WatcherAction,
  type WatcherState,
} from '../../lib/client/watcher-state'
import type { PublicPost } from '../../lib/posts/types'

const post = (id: number, content = 'text', threadId = 10, boardId = 'tech') =>
  ({ id, content, thread_id: threadId, board_id: boardId }) as PublicPost
const watch = (threadId = 10, lastPostId = 12, now = 1000, boardId = 'tech'): WatcherAction => ({
  type: 'watch',
  boardId,
  threadId,
  label: 'A topic',
  lastPostId,
  now,
})
const run = (actions: WatcherAction[], own: ReadonlySet<number> = new Set([11])) =>
  actions.reduce<WatcherState>((s, a) => watcherReducer(s, a, own), EMPTY_WATCHER)

describe('thread watcher state', () => {
  it('counts replies after the watched post, once each, and those quoting the reader separately', () => {
    const s = run([
      watch(),
      { type: 'post_created', post: post(12, '>>11 old') }, // seen when watched
      { type: 'post_created', post: post(13, 'hello') },
      { type: 'post_created', post: post(14, '>>11 you there') },
      { type: 'post_created', post: post(14, '>>11 you there') }, // heard twice
      { type: 'post_created', post: post(15, '>>12 not you') },
    ])
    expect(s.threads[0].unread).toEqual([13, 14, 15])
    expect(s.threads[0].unreadYou).toEqual([14])
    expect(totals(s)).toEqual({ unread: 3, you: 1 })
  })

  it("never counts the reader's own posts nor posts of threads not watched", () => {
    const s = run(
      [
        watch(),
        { type: 'post_created', post: post(13, 'mine', 10) },
        { type: 'post_created', post: post(14, '>>11', 99) },
        { type: 'post_created', post: post(15, '>>11', 10, 'art') },
      ],
      new Set([11, 13]),
    )
    expect(totals(s)).toEqual({ unread: 0, you: 0 })
  })

  it('leads to the first unread post, and to the thread once all is seen', () => {
    let s = run([watch(), { type: 'post_created', post: post(14, '>>11') }, { type: 'post_created', post: post(13) }])
    expect(firstUnreadHref(s.threads[0])).toBe('/board/tech/thread/10#post-13')
    s = watcherReducer(s, { type: 'seen', boardId: 'tech', threadId: 10, upTo: 13 }, new Set())
    expect(s.threads[0]).toMatchObject({ seenId: 13, unread: [14], unreadYou: [14] })
    s = watcherReducer(s, { type: 'seen', boardId: 'tech', threadId: 10, upTo: 14 }, new Set())
    expect(totals(s)).toEqual({ unread: 0, you: 0 })
    expect(firstUnreadHref(s.threads[0])).toBe('/board/tech/thread/10')
    // A seen mark never moves back, and posts up to it never count again.
    s = watcherReducer(s, { type: 'seen', boardId: 'tech', threadId: 10, upTo: 12 }, new Set())
    s = watcherReducer(s, { type: 'post_created', post: post(14, '>>11') }, new Set([11]))
    expect(s.threads[0].seenId).toBe(14)
    expect(totals(s).unread).toBe(0)
  })

  it('stops counting a deleted reply', () => {
    const s = run([
      watch(),
      { type: 'post_created', post: post(13, '>>11') },
      { type: 'post_deleted', boardId: 'tech', threadId: 10, postId: 13 },
    ])
    expect(totals(s)).toEqual({ unread: 0, you: 0 })
  })

  it('marks a thread dead when it dies, is deleted or a catch-up finds it archived, and leaves its room', () => {
    let s = run([watch(10), watch(20, 21, 2000)])
    expect(roomsToJoin(s, 15)).toEqual(['tech-20', 'tech-10'])
    s = watcherReducer(s, { type: 'died', boardId: 'tech', threadId: 10 }, new Set())
    expect(s.threads.find((t) => t.threadId === 10)?.dead).toBe(true)
    expect(roomsToJoin(s, 15)).toEqual(['tech-20'])
    const caught: WatcherAction = {
      type: 'caught_up',
      boardId: 'tech',
      threadId: 20,
      after: 21,
      topic: 'New topic',
      isDead: true,
      posts: [],
    }
    s = watcherReducer(s, caught, new Set())
    expect(s.threads.find((t) => t.threadId === 20)).toMatchObject({ dead: true, label: 'New topic' })
    expect(roomsToJoin(s, 15)).toEqual([])
  })

  it('takes a catch-up as the truth for the posts it covers and keeps live posts past it', () => {
    let s = run([
      watch(),
      { type: 'post_created', post: post(13, '>>11') }, // deleted while not listening
      { type: 'post_created', post: post(16) }, // came live after the fetch was answered
    ])
    s = watcherReducer(
      s,
      {
        type: 'caught_up',
        boardId: 'tech',
        threadId: 10,
        after: 12,
        topic: '',
        isDead: false,
        posts: [post(14, '>>11 hi'), post(15)],
      },
      new Set([11]),
    )
    expect(s.threads[0]).toMatchObject({ label: 'A topic', unread: [14, 15, 16], unreadYou: [14], dead: false })
  })

  it('keeps at most 50 threads, dropping the one watched longest ago, and joins only the newest rooms', () => {
    const actions = Array.from({ length: MAX_WATCHED + 5 }, (_, i) => watch(i + 1, 0, 1000 + i))
    const s = run(actions)
    expect(s.threads).toHaveLength(MAX_WATCHED)
    expect(s.threads[0].threadId).toBe(MAX_WATCHED + 5)
    expect(s.threads.some((t) => t.threadId <= 5)).toBe(false)
    expect(roomsToJoin(s, 3)).toEqual([`tech-${MAX_WATCHED + 5}`, `tech-${MAX_WATCHED + 4}`, `tech-${MAX_WATCHED + 3}`])
    // Watching again moves a thread to the top and starts its count afresh; unwatching removes it.
    const again = watcherReducer(s, watch(30, 40, 9999), new Set())
    expect(again.threads[0]).toMatchObject({ threadId: 30, seenId: 40 })
    expect(again.threads).toHaveLength(MAX_WATCHED)
    const gone = watcherReducer(again, { type: 'unwatch', boardId: 'tech', threadId: 30 }, new Set())
    expect(gone.threads.some((t) => t.threadId === 30)).toBe(false)
  })

  it('round-trips through storage and reads junk, old shapes and bad entries as nothing', () => {
    const s = run([watch(), { type: 'post_created', post: post(13, '>>11') }, watch(20, 5, 2000)])
    expect(parseWatcher(serializeWatcher(s))).toEqual(s)
    for (const junk of [null, '', '{', 'null', '42', '[]', '"x"', '{"v":2,"threads":[]}', '{"threads":[]}']) {
      expect(parseWatcher(junk)).toEqual(EMPTY_WATCHER)
    }
    const good = JSON.parse(serializeWatcher(s)).threads
    const stored = JSON.stringify({
      v: 1,
      threads: [
        good[0],
        good[0], // twice
        { ...good[1], boardId: '../x' },
        { ...good[1], threadId: -1 },
        { ...good[1], unread: ['13'] },
        { ...good[1], dead: 'no' },
        null,
        'tech-5',
        { ...good[1], threadId: 30, label: 'x'.repeat(500), unread: [3, 9, 9], unreadYou: [9, 77], seenId: 5 },
      ],
    })
    const read = parseWatcher(stored)
    expect(read.threads.map((t) => t.threadId)).toEqual([20, 30])
    const odd = read.threads[1]
    expect(odd.label).toHaveLength(80)
    expect(odd.unread).toEqual([9])
    expect(odd.unreadYou).toEqual([9])
  })

  it('labels a thread by its topic, else the start of its text, else its number', () => {
    expect(labelFor('  Soup ', 'text', 3)).toBe('Soup')
    expect(labelFor('', 'first\n\nline of it', 3)).toBe('first line of it')
    expect(labelFor('', '  ', 3)).toBe('Thread #3')
    expect(labelFor('', 'y'.repeat(200), 3)).toHaveLength(80)
  })
})
