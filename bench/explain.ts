// EXPLAIN (ANALYZE, BUFFERS) of Corkboard's hot queries on a seeded PostgreSQL database. The statements
// explained are the ones the app really sends: each domain read runs under countStatements(), which records its
// SQL and arguments, and each SELECT is then explained through the same driver adapter.
//
//   npx tsx bench/explain.ts              # 12 boards × 100 live threads of 5–300 posts (+ dead threads, bans)
//   npx tsx bench/explain.ts --small      # 12 boards × 20 threads, a quick look (small tables may rightly be scanned)
//   npx tsx bench/explain.ts --keep       # keep the database afterwards (its URL is printed)
//   npx tsx bench/explain.ts --database=postgresql://…/cb_test_…   # explain again on a kept database
//
// Needs PostgreSQL at 127.0.0.1:5432 with trust auth (or TEST_DATABASE_URL pointing at one); creates its own
// database and drops it at the end. Exits with 1 when a hot query scans posts or threads sequentially.
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { ThreadPlan } from '../tests/helpers/content-seed'
import { createTestDatabase } from '../tests/helpers/database'

const args = new Set(process.argv.slice(2))
const reuse = process.argv.find((a) => a.startsWith('--database='))?.slice('--database='.length)
const SMALL = args.has('--small')
const LIVE_THREADS = SMALL ? 20 : 100
const DEAD_THREADS = SMALL ? 4 : 20
const EXTRA_BANS = SMALL ? 1_000 : 10_000
const RANGE_BANS = 200

// Live threads: reply counts from 5 up to 299 (a 300-post thread per board), most of them short; one sticky.
// Dead threads: half of them past the 48 hours housekeeping keeps them.
function boardPlan(): ThreadPlan[] {
  const live = Array.from({ length: LIVE_THREADS }, (_, k) => {
    const x = k / (LIVE_THREADS - 1)
    return { replies: Math.min(299, Math.round(5 + 295 * x * x)) }
  })
  const dead = Array.from({ length: DEAD_THREADS }, (_, k) => ({ replies: 5 + k, deadForHours: k % 2 ? 72 : 12 }))
  return [...dead, { replies: 12, sticky: true }, ...live]
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'corkboard-explain-'))
const database = reuse ? { url: reuse, drop: async () => {} } : await createTestDatabase(dataDir, 'postgresql')
Object.assign(process.env, {
  DATABASE_URL: database.url,
  DATA_DIR: dataDir,
  HOUSEKEEPING: 'off',
  DB_STATEMENT_LOG: 'true',
})

const { getConfig } = await import('@/lib/config')
const { migrate } = await import('@/lib/db/migrate')
const { getDb, closeDb } = await import('@/lib/db/client')
const { seedDefaultBoards } = await import('@/lib/boards/seed')
const { DEFAULT_BOARDS } = await import('@/lib/boards/defaults')
const { seedThreads } = await import('../tests/helpers/content-seed')
const { accessPaths, explainHotQueries, hotQueries, seqScans, tableOf } = await import('../tests/helpers/hot-queries')

let failed = false
try {
  await migrate(getConfig().database)
  const db = await getDb()
  await seedDefaultBoards(db)
  if (!reuse) await seed(db)
  const counts = await Promise.all([
    db.thread.count(),
    db.post.count(),
    db.survey.count(),
    db.ban.count(),
    db.rangeBan.count(),
  ])
  console.log(
    `${counts[0]} threads, ${counts[1]} posts, ${counts[2]} polls, ${counts[3]} bans, ${counts[4]} range bans\n`,
  )

  // The subjects: a board, its longest thread, the last 10 posts of it (a live update), a visitor without bans.
  const boardId = 'tech'
  const thread = await db.thread.findFirstOrThrow({ where: { boardId, isDead: false }, orderBy: { postCount: 'desc' } })
  const afterPostId = (
    await db.post.findMany({ where: { threadId: thread.id }, select: { id: true }, orderBy: { id: 'desc' }, take: 11 })
  ).at(-1)!.id
  const pollId = (await db.survey.findFirstOrThrow({ where: { threadId: thread.id } })).id
  console.log(
    `Board /${boardId}/, thread ${thread.id} (${thread.postCount} posts), after post ${afterPostId}, poll ${pollId}\n`,
  )

  const explained = await explainHotQueries(
    database.url,
    await hotQueries({ boardId, threadId: thread.id, afterPostId, visitorIp: '203.0.113.9', pollId }),
  )
  const summary: string[] = []
  let query = ''
  for (const e of explained) {
    if (e.query !== query) console.log(`${'='.repeat(100)}\n${(query = e.query)}\n`)
    console.log(`${oneLine(e.sql)}\n${e.plan}\n`)
    const bad = seqScans(e.plan).filter((t) => t === 'posts' || t === 'threads')
    if (bad.length) failed = true
    summary.push(
      `| ${e.query} | ${tableOf(e.sql)} | ${accessPaths(e.plan).join('; ')} | ${/Execution Time: ([\d.]+ ms)/.exec(e.plan)?.[1]} |${bad.length ? ' **seq scan**' : ''}`,
    )
  }
  console.log(
    `${'='.repeat(100)}\n| Query | Statement on | Access paths | Execution |\n|---|---|---|---|\n${summary.join('\n')}`,
  )
  console.log(
    failed ? '\nA hot query scans posts or threads sequentially.' : '\nNo sequential scan on posts or threads.',
  )
} finally {
  await closeDb()
  if (args.has('--keep') && !reuse) console.log(`Kept database: ${database.url}`)
  else await database.drop()
  rmSync(dataDir, { recursive: true, force: true })
}
process.exit(failed ? 1 : 0)

function oneLine(sql: string): string {
  const flat = sql.replace(/\s+/g, ' ').trim()
  return flat.length > 400 ? `${flat.slice(0, 400)} …` : flat
}

async function seed(db: Awaited<ReturnType<typeof getDb>>): Promise<void> {
  const started = Date.now()
  for (const { id } of DEFAULT_BOARDS) await seedThreads(db, id, boardPlan())
  // Bans of addresses without posts (most of them on other boards or expired) and range bans, for the ban check.
  // In batches: Prisma splits a longer insert into statements it runs at once on one connection.
  for (let from = 0; from < EXTRA_BANS; from += 2000) {
    await db.ban.createMany({
      data: Array.from({ length: Math.min(2000, EXTRA_BANS - from) }, (_, k) => {
        const i = from + k
        const ip = `172.${16 + (i % 16)}.${(i >> 8) & 255}.${i & 255}`
        return {
          ipAddress: ip,
          ipKey: ip,
          boardId: i % 4 === 0 ? null : DEFAULT_BOARDS[i % 12].id,
          reason: 'Spam',
          expiresAt: i % 3 ? new Date(Date.now() + (i % 2 ? 1 : -1) * 86_400_000) : null,
          isActive: i % 10 !== 0,
        }
      }),
    })
  }
  await db.rangeBan.createMany({
    data: Array.from({ length: RANGE_BANS }, (_, i) => ({
      banType: ['country', 'asn', 'ip_range'][i % 3],
      banValue: [`X${i % 26}`, String(64_500 + i), `198.18.${i}.0/24`][i % 3],
      boardId: i % 5 === 0 ? null : DEFAULT_BOARDS[i % 12].id,
      reason: 'Abuse',
      isActive: i % 7 !== 0,
    })),
  })
  // Fresh statistics, as autovacuum would have them on a live database.
  await db.$executeRawUnsafe('ANALYZE')
  console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`)
}
