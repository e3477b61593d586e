// The 4chan-compatible API's pure mapping (lib/fourchan): comments, posts, attachments, boards, board files, paths
// and Last-Modified stamps.
import { describe, expect, it } from 'vitest'
import type { Post, Thread } from '@/lib/db/generated/sqlite/client.ts'
import { attachmentOf, thumbnailSize } from '@/lib/fourchan/attachment'
import { toFourchanBoard } from '@/lib/fourchan/board'
import { catalogOf, indexPageOf, threadListOf } from '@/lib/fourchan/board-files'
import { commentHtml, type CommentContext } from '@/lib/fourchan/comment'
import { changedAt, newStamps, stamp } from '@/lib/fourchan/last-modified'
import { mediaFileParam, pageFileParam, threadFileParam } from '@/lib/fourchan/params'
import { semanticUrl, toFourchanOp, toFourchanPost, type PostContext, withPreview } from '@/lib/fourchan/post'
import { nowText } from '@/lib/fourchan/time'
import type { FourchanPost } from '@/lib/fourchan/types'
import { notModifiedSince } from '@/lib/http/last-modified'
import { fourchanRoute } from '@/lib/page-cache/fourchan-routes'
import { rememberThread } from '@/lib/page-cache/fourchan-thread-numbers'

const board = {
  id: 'tech',
  name: 'Technology',
  description: 'Code & "hardware"',
  nsfw: false,
  thread_ids_enabled: true,
  country_flags_enabled: true,
  threads_per_page: 15,
  captcha: 'off' as const,
}

const at = new Date('2026-11-24T09:05:07.250Z')

function postRow(over: Partial<Post> = {}): Post {
  return {
    id: 12,
    threadId: 3,
    boardId: 'tech',
    content: '',
    createdAt: at,
    isOp: false,
    dontBump: false,
    color: 'black',
    threadUserId: 'ab12cd34',
    countryCode: 'DE',
    ipAddress: '10.0.0.1',
    ownerKeyHash: 'x',
    imageUrl: null,
    mediaKey: null,
    thumbnailUrl: null,
    thumbnailKey: null,
    fileType: null,
    mediaMime: null,
    mediaSize: null,
    mediaWidth: null,
    mediaHeight: null,
    mediaOrigName: null,
    mediaMd5: null,
    textHash: null,
    mediaSha256: null,
    mediaDuration: null,
    spoiler: false,
    ...over,
  }
}

const withImage = (over: Partial<Post> = {}) =>
  postRow({
    mediaKey: 'ab/abcdef0123456789.png',
    imageUrl: '/media/ab/abcdef0123456789.png',
    thumbnailKey: 'ab/abcdef0123456789-thumb.webp',
    thumbnailUrl: '/media/ab/abcdef0123456789-thumb.webp',
    fileType: 'image',
    mediaMime: 'image/png',
    mediaSize: 4321,
    mediaWidth: 600,
    mediaHeight: 300,
    mediaOrigName: 'holiday <1>.png',
    ...over,
  })

const ctx = (over: Partial<PostContext> = {}): PostContext => ({
  board,
  threadNo: 10,
  quote: () => null,
  md5: () => 'AAAAAAAAAAAAAAAAAAAAAA==',
  banned: false,
  ...over,
})

describe('com', () => {
  const targets = new Map([
    [10, { threadNo: 10, boardId: 'tech' }],
    [11, { threadNo: 10, boardId: 'tech' }],
    [50, { threadNo: 40, boardId: 'diy' }],
  ])
  const c: CommentContext = { threadNo: 10, boardId: 'tech', quote: (id) => targets.get(id) ?? null }

  it('escapes text and joins lines with <br>', () => {
    expect(commentHtml(`a < b & "c" 'd'\nnext`, c)).toBe('a &lt; b &amp; &quot;c&quot; &#39;d&#39;<br>next')
  })

  it('puts green text in a quote span and red text in a redtext span', () => {
    expect(commentHtml('>implying\n<angry\nplain', c)).toBe(
      '<span class="quote">&gt;implying</span><br><span class="redtext">&lt;angry</span><br>plain',
    )
  })

  it('links quotes in the thread by #p, in other threads by their thread path, and marks gone ones dead', () => {
    expect(commentHtml('>>11 and >>50 and >>99', c)).toBe(
      '<a href="#p11" class="quotelink">&gt;&gt;11</a> and ' +
        '<a href="/diy/thread/40#p50" class="quotelink">&gt;&gt;50</a> and ' +
        '<span class="deadlink">&gt;&gt;99</span>',
    )
  })

  it('writes spoilers as <s> and leaves links as text', () => {
    expect(commentHtml('[spoiler]end >>11[/spoiler] https://example.com/?a=1&b=2', c)).toBe(
      '<s>end <a href="#p11" class="quotelink">&gt;&gt;11</a></s> https://example.com/?a=1&amp;b=2',
    )
  })
})

describe('posts', () => {
  it('formats now as MM/DD/YY(Day)HH:MM:SS in UTC', () => {
    expect(nowText(at)).toBe('11/24/26(Tue)09:05:07')
  })

  it('maps a reply: number, thread, time, Anonymous, poster id and country where the board has them', () => {
    expect(toFourchanPost(postRow({ content: 'hi' }), ctx())).toEqual({
      no: 12,
      resto: 10,
      now: '11/24/26(Tue)09:05:07',
      time: Math.floor(at.getTime() / 1000),
      name: 'Anonymous',
      id: 'ab12cd34',
      country: 'DE',
      country_name: 'Germany',
      com: 'hi',
    })
    const plain = { ...board, thread_ids_enabled: false, country_flags_enabled: false }
    const out = toFourchanPost(postRow(), ctx({ board: plain }))
    expect(out).not.toHaveProperty('id')
    expect(out).not.toHaveProperty('country')
    expect(out).not.toHaveProperty('com')
  })

  it("adds 4chan's ban notice to a post its author was banned for", () => {
    expect(toFourchanPost(postRow({ content: 'x' }), ctx({ banned: true })).com).toBe(
      'x<br><br><strong style="color: red;">(USER WAS BANNED FOR THIS POST)</strong>',
    )
  })

  it('maps a file: tim is the post number, the name loses its extension and is escaped', () => {
    expect(attachmentOf(withImage(), 'q83vEjRWeJq83vEjRWeJqw==')).toEqual({
      filename: 'holiday &lt;1&gt;',
      ext: '.png',
      w: 600,
      h: 300,
      tn_w: 150,
      tn_h: 75,
      tim: 12,
      md5: 'q83vEjRWeJq83vEjRWeJqw==',
      fsize: 4321,
    })
    expect(attachmentOf(withImage(), null)).toEqual({ filedeleted: 1 })
    expect(attachmentOf(postRow(), 'x')).toEqual({})
  })

  it('sizes thumbnails as the pipeline does: inside 150 px, never enlarged', () => {
    expect(thumbnailSize(600, 300)).toEqual([150, 75])
    expect(thumbnailSize(100, 1000)).toEqual([15, 150])
    expect(thumbnailSize(40, 30)).toEqual([40, 30])
    // Audio has no picture: its placeholder is 150 px square.
    const audio = withImage({
      mediaKey: 'ab/abcdef0123456789.mp3',
      thumbnailKey: null,
      mediaWidth: null,
      mediaHeight: null,
    })
    expect(attachmentOf(audio, 'x')).toMatchObject({ ext: '.mp3', w: 0, h: 0, tn_w: 150, tn_h: 150 })
  })

  const thread = (over: Partial<Thread> = {}): Thread => ({
    id: 3,
    boardId: 'tech',
    topic: 'Rust & "Go" — which one?',
    isSticky: false,
    isDead: false,
    diedAt: null,
    createdAt: at,
    updatedAt: new Date(at.getTime() + 60_000),
    postCount: 300,
    ...over,
  })

  it('maps an opening post with its thread: subject, counts, limits, last change', () => {
    const op = toFourchanOp(
      thread({ isSticky: true }),
      withImage({ id: 10, isOp: true }),
      { images: 4, lastPostAt: new Date(at.getTime() + 120_000) },
      ctx(),
    )
    expect(op).toMatchObject({
      no: 10,
      sticky: 1,
      resto: 0,
      sub: 'Rust &amp; &quot;Go&quot; — which one?',
      semantic_url: 'rust-go-which-one',
      replies: 299,
      images: 4,
      bumplimit: 1,
      imagelimit: 0,
      last_modified: Math.floor(at.getTime() / 1000) + 120,
      tim: 10,
    })
    expect(Object.keys(op).slice(0, 2)).toEqual(['no', 'sticky'])
    expect(op).not.toHaveProperty('archived')
  })

  it('marks an archived thread closed and archived, and counts later events in last_modified', () => {
    const died = new Date(at.getTime() + 3600_000)
    const changed = new Date(at.getTime() + 7200_000)
    const op = toFourchanOp(
      thread({ isDead: true, diedAt: died, postCount: 2 }),
      postRow({ id: 10, isOp: true, content: 'x' }),
      { images: 0, lastPostAt: at, changedAt: changed },
      ctx(),
    )
    expect(op).toMatchObject({ closed: 1, archived: 1, archived_on: Math.floor(died.getTime() / 1000), bumplimit: 0 })
    expect(op.last_modified).toBe(Math.floor(changed.getTime() / 1000))
  })

  it('counts what a preview leaves out', () => {
    const op = { no: 1, replies: 10, images: 3 } as FourchanPost
    const shown = [{ tim: 5 }, { filedeleted: 1 }, {}] as FourchanPost[]
    expect(withPreview(op, shown)).toMatchObject({ omitted_posts: 7, omitted_images: 1 })
  })

  it('makes a short slug of the subject', () => {
    expect(semanticUrl('Hello, World!')).toBe('hello-world')
    expect(semanticUrl('a'.repeat(30) + ' ' + 'b'.repeat(30)).length).toBeLessThanOrEqual(50)
  })
})

describe('boards.json', () => {
  it('takes settings from the board and cooldowns from the rate limits', () => {
    const limits = { threadCreate: { points: 3, duration: 900 }, postCreate: { points: 6, duration: 60 } }
    expect(toFourchanBoard({ ...board, nsfw: true, threads_per_page: 30 }, limits)).toMatchObject({
      board: 'tech',
      title: 'Technology',
      ws_board: 0,
      per_page: 30,
      pages: 4,
      max_filesize: 4 * 1024 * 1024,
      max_comment_chars: 4000,
      bump_limit: 300,
      cooldowns: { threads: 300, replies: 10, images: 10 },
      meta_description: 'Code &amp; &quot;hardware&quot;',
      country_flags: 1,
      user_ids: 1,
    })
    const plain = toFourchanBoard({ ...board, thread_ids_enabled: false, country_flags_enabled: false }, limits)
    expect(plain.ws_board).toBe(1)
    expect(plain).not.toHaveProperty('country_flags')
    expect(plain).not.toHaveProperty('user_ids')
  })
})

describe('board files', () => {
  const threads = [1, 2, 3].map((n) => ({
    op: { no: n * 10, replies: n, last_modified: 1000 + n } as FourchanPost,
    lastReplies: [{ no: n * 10 + 1 } as FourchanPost],
  }))

  it('cuts the board order into pages', () => {
    expect(catalogOf(threads, 2).map((p) => [p.page, p.threads.map((t) => t.no)])).toEqual([
      [1, [10, 20]],
      [2, [30]],
    ])
    expect(catalogOf(threads, 2)[0].threads[0].last_replies).toEqual([{ no: 11 }])
    expect(threadListOf(threads, 2)[1]).toEqual({ page: 2, threads: [{ no: 30, last_modified: 1003, replies: 3 }] })
    expect(indexPageOf(threads, 2, 2)).toEqual({ threads: [{ posts: [threads[2].op, { no: 31 }] }] })
    expect(indexPageOf(threads, 2, 3)).toBeNull()
    expect(indexPageOf(threads, 2, 0)).toBeNull()
  })

  it('gives an empty board one empty page', () => {
    expect(catalogOf([], 15)).toEqual([{ page: 1, threads: [] }])
    expect(indexPageOf([], 15, 1)).toEqual({ threads: [] })
  })
})

describe('paths', () => {
  it('reads file names strictly', () => {
    expect(pageFileParam('2.json')).toBe(2)
    expect(threadFileParam('2147483647.json')).toBe(2147483647)
    expect(mediaFileParam('12.png')).toEqual({ tim: 12, file: 'media', ext: '.png' })
    expect(mediaFileParam('12s.jpg')).toEqual({ tim: 12, file: 'thumbnail' })
    for (const bad of ['abc.json', '0.json', '01.json', '2', '2.json.json', '\u0000.json', '99999999999.json'])
      expect(() => threadFileParam(bad)).toThrow('Thread not found')
    expect(() => pageFileParam('10000.json')).toThrow('Page not found')
    for (const bad of ['12.exe', '12', 's.jpg', '12s.png', '2147483648.png'])
      expect(() => mediaFileParam(bad)).toThrow()
  })

  it('tags files for the page cache: boards.json by the boards, board files by the board, threads by the thread', () => {
    expect(fourchanRoute('/api/4chan/boards.json', '')?.tags).toEqual(['home'])
    for (const file of ['catalog', 'threads', 'archive', '3'])
      expect(fourchanRoute(`/api/4chan/tech/${file}.json`, '')).toMatchObject({ tags: ['board:tech'], api: true })
    expect(fourchanRoute('/api/4chan/tech/thread/777001.json', '')?.tags).toEqual(['board:tech'])
    rememberThread(777001, { threadId: 55, boardId: 'tech' })
    expect(fourchanRoute('/api/4chan/tech/thread/777001.json', '')).toMatchObject({
      tags: ['thread:55', 'threads:tech'],
      threadId: 55,
    })
    // The same number on another board is not that thread.
    expect(fourchanRoute('/api/4chan/diy/thread/777001.json', '')?.tags).toEqual(['board:diy'])
    expect(fourchanRoute('/api/4chan/tech/catalog.json', '?x=1')).toBeNull()
    expect(fourchanRoute('/api/4chan/tech/media/1.png', '')).toBeNull()
  })
})

describe('Last-Modified', () => {
  it('moves a tag forward on every event, even twice in one second', () => {
    const s = newStamps(1000)
    expect(changedAt(s, ['thread:1'])).toBeUndefined()
    stamp(s, ['board:tech', 'thread:1'], 1005)
    stamp(s, ['board:tech', 'thread:1'], 1005)
    expect(changedAt(s, ['thread:1'])).toBe(1006)
    expect(changedAt(s, ['thread:2'])).toBeUndefined()
    stamp(s, ['thread:1'], 1010)
    expect(changedAt(s, ['thread:1'])).toBe(1010)
  })

  it('moves a file past the start date even when the first change comes in the second watching started', () => {
    const s = newStamps(1000)
    stamp(s, ['thread:1'], 1000)
    expect(changedAt(s, ['thread:1'])).toBe(1001)
    stamp(s, ['board:*'], 1000)
    expect(changedAt(s, ['board:tech'])).toBe(1001)
    const t = newStamps(1000)
    stamp(t, 'all', 1000)
    expect(changedAt(t, ['thread:9'])).toBe(1001)
  })

  it('applies wildcard tags and "all" to every matching tag', () => {
    const s = newStamps(1000)
    stamp(s, ['board:tech'], 1005)
    stamp(s, ['board:*'], 1005)
    expect(changedAt(s, ['board:tech'])).toBe(1006)
    expect(changedAt(s, ['board:diy'])).toBe(1006)
    expect(changedAt(s, ['thread:1'])).toBeUndefined()
    stamp(s, 'all', 1006)
    expect(changedAt(s, ['thread:1'])).toBe(1007)
  })

  it('keeps a bounded number of thread stamps, dating what it forgot no earlier than its last change', () => {
    const s = newStamps(1000, 2)
    stamp(s, ['thread:1'], 1005)
    stamp(s, ['thread:2'], 1006)
    stamp(s, ['thread:3'], 1007)
    expect([...s.exact.keys()]).toEqual(['thread:2', 'thread:3'])
    expect(changedAt(s, ['thread:1'])).toBe(1005) // forgotten: dated by the latest stamp forgotten
    expect(changedAt(s, ['thread:3'])).toBe(1007)
    // A tag stamped again is the last to be forgotten.
    stamp(s, ['thread:2'], 1008)
    stamp(s, ['thread:4'], 1009)
    expect([...s.exact.keys()]).toEqual(['thread:2', 'thread:4'])
    expect(changedAt(s, ['thread:3'])).toBe(1007)
    expect(changedAt(s, ['thread:9'])).toBe(1007) // never stamped: later than need be, which only costs a fetch
  })

  it('moves every file forward on "all" however many tags it holds', () => {
    const s = newStamps(1000, 300_000)
    for (let i = 0; i < 200_000; i++) stamp(s, [`thread:${i}`], 1005)
    stamp(s, ['board:*'], 1005)
    stamp(s, 'all', 1005)
    expect(changedAt(s, ['thread:7'])).toBeGreaterThan(changedAt(s, ['thread:199999'])! - 1)
    expect(s.all).toBeGreaterThan(1005)
  })

  it('answers 304 only when the copy is as new as the file and no ETag is asked about', () => {
    const lm = Date.parse('2026-11-24T09:05:07Z') / 1000
    expect(notModifiedSince('Tue, 24 Nov 2026 09:05:07 GMT', null, lm)).toBe(true)
    expect(notModifiedSince('Tue, 24 Nov 2026 09:05:06 GMT', null, lm)).toBe(false)
    expect(notModifiedSince('Tue, 24 Nov 2026 09:05:07 GMT', '"x"', lm)).toBe(false)
    expect(notModifiedSince('yesterday', null, lm)).toBe(false)
    expect(notModifiedSince(null, null, lm)).toBe(false)
  })
})
