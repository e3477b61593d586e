// Index use of the hot reads on PostgreSQL: on a seeded board of 100 threads (about 10,000 posts,
// with polls and bans), the board and thread reads reach posts through an index, never a sequential scan, with
// the planner's settings left alone. Always runs on the PostgreSQL server tests use (TEST_DATABASE_URL when it is
// one, otherwise the local server present here and on CI), whatever database the rest of the suite runs on.
// bench/explain.ts prints the same plans for a full-size database.
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../helpers/database'
import {
  accessPaths,
  explainHotQueries,
  hotQueries,
  rowsRead,
  seqScans,
  type ExplainedStatement,
} from '../helpers/hot-queries'

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'corkboard-explain-'))
let database: TestDatabase
let explained: ExplainedStatement[]

beforeAll(async () => {
  database = await createTestDatabase(dataDir, 'postgresql')
  Object.assign(process.env, {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    HOUSEKEEPING: 'off',
    DB_STATEMENT_LOG: 'true',
  })
  const { getConfig } = await import('@/lib/config')
  const { migrate } = await import('@/lib/db/migrate')
  const { getDb } = await import('@/lib/db/client')
  const { seedDefaultBoards } = await import('@/lib/boards/seed')
  const { seedThreads } = await import('../helpers/content-seed')
  await migrate(getConfig().database)
  const db = await getDb()
  await seedDefaultBoards(db)
  // Reply counts from 5 to 299, most threads short, as on a live board.
  const threads = await seedThreads(
    db,
    'tech',
    Array.from({ length: 100 }, (_, k) => ({ replies: Math.round(5 + 294 * (k / 99) ** 2) })),
  )
  await db.$executeRawUnsafe('ANALYZE')
  const longest = threads.at(-1)!
  const pollId = (await db.survey.findFirstOrThrow({ where: { threadId: longest.id } })).id
  explained = await explainHotQueries(
    database.url,
    await hotQueries({
      boardId: 'tech',
      threadId: longest.id,
      afterPostId: longest.postIds.at(-11)!,
      visitorIp: '203.0.113.9',
      pollId,
    }),
  )
}, 300_000)

afterAll(async () => {
  const { closeDb } = await import('@/lib/db/client')
  await closeDb()
  await database?.drop()
  rmSync(dataDir, { recursive: true, force: true })
})

const postsStatementsOf = (query: string) =>
  explained.filter((e) => e.query.startsWith(query) && /\bposts\b/.test(e.sql))

it.each([
  'thread posts (thread page',
  'thread posts (GET …/posts',
  'thread posts after a post id',
  'board page: threads with opening post',
  'board thread list and latest replies',
  'duplicate-post check on posting',
])('%s reaches posts through an index', (query) => {
  const statements = postsStatementsOf(query)
  expect(statements.length).toBeGreaterThan(0)
  for (const { sql, plan } of statements) {
    expect(seqScans(plan), `${sql}\n${plan}`).not.toContain('posts')
    expect(
      accessPaths(plan).some((p) => /^(Index|Bitmap Heap).* on posts$/.test(p)),
      plan,
    ).toBe(true)
  }
})

it('the thread list reads a few posts per thread, not every post of the board', () => {
  // 100 threads of about 100 posts: finding the opening post and 5 newest replies of a thread reads 16 index
  // entries (the n-th newest reply reads n), their versions 6 rows, and (the first time, nothing kept yet) the
  // same 6 rows whole; ranking every post would read 10,000.
  const read = postsStatementsOf('board thread list and latest replies').reduce(
    (sum, e) => sum + rowsRead(e.plan, 'posts'),
    0,
  )
  expect(read).toBeGreaterThan(0)
  expect(read).toBeLessThanOrEqual(100 * (16 + 6 + 6))
})
