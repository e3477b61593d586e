// Lean queries: the board, catalog and thread pages, the feeds and the list APIs run a small, fixed number of SQL
// statements whatever the size of the board or thread, so an N+1 query cannot creep back unnoticed. The server
// logs each request's statement count (DB_STATEMENT_LOG, lib/db/statement-count.ts); the page cache is off so
// every GET renders. Each request is measured on a small and a large board or thread: the counts must be equal
// and within the bound stated below.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SeededThread } from '../helpers/content-seed'
import { usingPostgres } from '../helpers/database'
import { form, postForm } from '../helpers/http'
import { useServerConfig } from '../helpers/in-process'
import { png } from '../helpers/media'
import { startServer, type TestServer } from '../helpers/server'
import { statementsFor, statementsForRequest } from '../helpers/statements'

// Statements per request, once the board list and the ban index are in memory (lib/boards/queries.ts,
// lib/bans/ban-index.ts; the requests come from an address no ban applies to): the reads of lib/threads/queries.ts.
const BOUND = {
  boardPage: 6, // threads, OP-and-latest-replies ids, posts, polls, their response counts, ban marks
  threadPage: 9, // thread, posts, banned posts, their bans (if any), cross-thread links (if any), poll results (polls, options, responses, votes)
  // The read API's lists (lib/render/thread-json.ts) read each post's version, and its row only while its JSON is not
  // kept yet. The thread list keeps each thread's entry besides: once kept, only the board's thread rows are read.
  threadListApi: 7, // threads, OP-and-latest-replies ids, their versions, posts not kept, polls, response counts, ban marks
  postsApi: 7, // thread, post versions, posts not kept, polls, their response counts, banned posts, their bans (if any)
  catalog: 3, // threads, one row of figures per thread (opening post, newest post, replies with a file), those posts
  boardFeed: 3, // the newest threads, their opening post ids, those posts
  threadFeed: 2, // thread, its newest posts
}

// A text reply once the salt of the day, the word filters, the board list and the thread (live-threads.ts) are in
// memory, with the duplicate windows off (tests/helpers/server.ts): the reply stored (lib/posts/store-reply.ts). On
// SQLite that is BEGIN, the thread counted and bumped (one UPDATE … RETURNING that also holds its row), the post, its
// statistics row, COMMIT; on PostgreSQL all of it is one statement, which needs no transaction. A thread not yet
// known to be live adds its look-up before the body is read.
const REPLY_STATEMENTS = usingPostgres() ? 1 : 5
/** The same with the text window on, as sites run it: BEGIN, the lock, the statement, COMMIT; or one more read. */
const CHECKED_REPLY_STATEMENTS = usingPostgres() ? 4 : 6

interface Case {
  board: string
  thread: SeededThread
}
let server: TestServer
let small: Case
let large: Case
let largeBoard: SeededThread[]
/** Threads only the reply test posts to, so the other tests' threads keep their seeded posts. */
let replyTargets: Case[]

beforeAll(async () => {
  server = await startServer({ env: { DB_STATEMENT_LOG: 'true', PAGE_CACHE_MB: '0' } })
  useServerConfig(server, { DB_STATEMENT_LOG: 'true' })
  const { getDb } = await import('@/lib/db/client')
  const { seedThreads } = await import('../helpers/content-seed')
  const db = await getDb()
  // Boards: 3 threads against 100 (two of them sticky), with replies, media, polls and post bans.
  const smallBoard = await seedThreads(db, 'tech', [{ replies: 3 }, { replies: 2 }, { replies: 6 }])
  largeBoard = await seedThreads(
    db,
    'science',
    Array.from({ length: 100 }, (_, i) => ({ replies: (i * 7) % 23, sticky: i >= 98 })),
  )
  // Threads: 2 posts against 1,200 (past the 999 values SQLite binds in one statement), polls and bans on posts.
  small = { board: 'diy', thread: (await seedThreads(db, 'diy', [{ replies: 1 }], { media: 1, poll: 2, ban: 2 }))[0] }
  large = { board: 'gaming', thread: (await seedThreads(db, 'gaming', [{ replies: 1199 }]))[0] }
  replyTargets = (await seedThreads(db, 'gaming', [{ replies: 1 }, { replies: 400 }])).map((thread) => ({
    board: 'gaming',
    thread,
  }))
  // A reply through the API in each thread, linking to a post in another thread (looked up for the link).
  for (const t of [small, large]) {
    const res = await postForm(
      `${server.url}/api/boards/${t.board}/threads/${t.thread.id}/posts`,
      form({ content: `>>${smallBoard[0].postIds[1]} see there` }),
    )
    expect(res.status).toBe(201)
  }
})
afterAll(async () => {
  const { closeDb } = await import('@/lib/db/client')
  await closeDb()
  await server?.stop()
})

async function expectSameAndBounded(bound: number, smallPath: string, largePath: string): Promise<void> {
  const counts = { small: await statementsFor(server, smallPath), large: await statementsFor(server, largePath) }
  expect(counts.large, `${smallPath} vs ${largePath}`).toBe(counts.small)
  expect(counts.large).toBeLessThanOrEqual(bound)
}

describe('statements per request do not grow with size', () => {
  it(`board page: at most ${BOUND.boardPage}`, async () => {
    await expectSameAndBounded(BOUND.boardPage, '/board/tech', '/board/science')
  })

  it(`board thread list API: at most ${BOUND.threadListApi}`, async () => {
    await expectSameAndBounded(BOUND.threadListApi, '/api/boards/tech/threads', '/api/boards/science/threads')
    expect(await statementsFor(server, '/api/boards/science/threads')).toBe(1)
  })

  it(`thread page: at most ${BOUND.threadPage}`, async () => {
    await expectSameAndBounded(
      BOUND.threadPage,
      `/board/diy/thread/${small.thread.id}`,
      `/board/gaming/thread/${large.thread.id}`,
    )
  })

  it(`thread posts API, whole and after a post: at most ${BOUND.postsApi}`, async () => {
    const posts = (c: Case, query = '') => `/api/boards/${c.board}/threads/${c.thread.id}/posts${query}`
    await expectSameAndBounded(BOUND.postsApi, posts(small), posts(large))
    await expectSameAndBounded(
      BOUND.postsApi,
      posts(small, `?after=${small.thread.postIds[0]}`),
      posts(large, `?after=${large.thread.postIds[0]}`),
    )
    expect(await statementsFor(server, posts(large))).toBe(BOUND.postsApi - 1)
  })

  it(`catalog, in every order: at most ${BOUND.catalog}`, async () => {
    for (const query of ['', '?sort=created', '?sort=replies', '?sort=activity'])
      await expectSameAndBounded(BOUND.catalog, `/board/tech/catalog${query}`, `/board/science/catalog${query}`)
  })

  it(`Atom feeds: board at most ${BOUND.boardFeed}, thread at most ${BOUND.threadFeed}`, async () => {
    await expectSameAndBounded(BOUND.boardFeed, '/board/tech/feed.atom', '/board/science/feed.atom')
    await expectSameAndBounded(
      BOUND.threadFeed,
      `/board/diy/thread/${small.thread.id}/feed.atom`,
      `/board/gaming/thread/${large.thread.id}/feed.atom`,
    )
  })

  it(`text reply: ${REPLY_STATEMENTS} statements, in a thread of 2 posts and one of 401`, async () => {
    let n = 0
    const reply = (c: Case) =>
      statementsForRequest(
        server,
        `/api/boards/${c.board}/threads/${c.thread.id}/posts`,
        { method: 'POST', body: form({ content: `Statement count reply ${++n}` }) },
        201,
      )
    const [few, many] = replyTargets
    // The first reply of a process loads the salt of the day and the word filters, the first to a thread looks it up.
    await reply(few)
    await reply(many)
    const counts = { few: await reply(few), many: await reply(many) }
    expect(counts.many).toBe(counts.few)
    // Exactly: the reply's statements run on the driver adapter (lib/db/driver-sql.ts) and must still be counted.
    expect(counts.few).toBe(REPLY_STATEMENTS)
  })

  it(`text reply with the duplicate text window on: ${CHECKED_REPLY_STATEMENTS} statements`, async () => {
    const checked = await startServer({ env: { DB_STATEMENT_LOG: 'true', DUPLICATE_TEXT_SECONDS: '600' } })
    try {
      const op = await postForm(
        `${checked.url}/api/boards/tech/threads`,
        form({ topic: 'Checked', content: 'op' }, { name: 'a.png', bytes: await png() }),
      )
      expect(op.status).toBe(201)
      const path = `/api/boards/tech/threads/${op.body.threadId}/posts`
      const reply = (content: string) =>
        statementsForRequest(checked, path, { method: 'POST', body: form({ content }) }, 201)
      await reply('the first reply loads the salt and the filters, and looks the thread up')
      expect(await reply('a text of its own')).toBe(CHECKED_REPLY_STATEMENTS)
    } finally {
      await checked.stop()
    }
  })

  it('home page: none (the board list is in memory)', async () => {
    expect(await statementsFor(server, '/')).toBe(0)
  })

  it('in process too: reading a thread is 6 statements (thread, posts, polls, response counts, banned posts, their bans)', async () => {
    const { countStatements } = await import('@/lib/db/statement-count')
    const { listThreadPosts } = await import('@/lib/threads/queries')
    for (const c of [small, large]) {
      const { result, statements, queries } = await countStatements(() => listThreadPosts(c.board, c.thread.id))
      expect(result.posts).toHaveLength(c.thread.postIds.length + 1)
      expect(statements, queries.map((q) => q.sql).join('\n')).toBe(6)
    }
  })
})

describe('the large cases are really large', () => {
  it('the large board lists its 100 threads with their opening post, 5 latest replies, polls and ban marks', async () => {
    const { threads } = await (await fetch(`${server.url}/api/boards/science/threads`)).json()
    expect(threads).toHaveLength(100)
    for (const seeded of largeBoard) {
      const listed = threads.find((t: { id: number }) => t.id === seeded.id)
      expect(listed.op.id).toBe(seeded.postIds[0])
      expect(listed.latestReplies.map((p: { id: number }) => p.id)).toEqual(seeded.postIds.slice(1).slice(-5))
    }
    const posts = threads.flatMap((t: { op: object; latestReplies: object[] }) => [t.op, ...t.latestReplies])
    expect(posts.length).toBeGreaterThan(400)
    expect(posts.some((p: { survey: unknown }) => p.survey)).toBe(true)
    expect(posts.some((p: { isBanned: boolean }) => p.isBanned)).toBe(true)
  })

  it('the large board’s catalog has a tile for each of its 100 threads', async () => {
    const html = await (await fetch(`${server.url}/board/science/catalog`)).text()
    expect(new Set(html.match(/<article data-thread-id="\d+"/g))).toHaveProperty('size', 100)
  })

  it('the large thread serves all 1,201 posts with every poll and ban mark', async () => {
    const { posts } = await (await fetch(`${server.url}/api/boards/gaming/threads/${large.thread.id}/posts`)).json()
    expect(posts).toHaveLength(1201)
    expect(posts.filter((p: { survey: unknown }) => p.survey)).toHaveLength(120)
    expect(posts.filter((p: { isBanned: boolean }) => p.isBanned)).toHaveLength(48)
    const page = await (await fetch(`${server.url}/board/gaming/thread/${large.thread.id}`)).text()
    expect(page).toContain(`id="post-${large.thread.postIds.at(-1)}"`)
    expect(page).toContain('(USER WAS BANNED FOR THIS POST)')
  })
})
