// One size of the growth bench, in its own process (the configuration and database client are one per process):
// seeds a fresh database with `--size` posts, times the server's start-up, the cold pages, the posts API and a
// search from the client's side on the loopback, then a housekeeping run in-process and the database's size.
// Prints its figures as one line `GROWTH_RESULT {json}`; bench/growth.ts runs it once per size.
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { FULL_THREADS, HOT_BOARD, seedGrowthSite, type GrowthSite } from './growth-seed'
import { BROWSER_HEADERS, postReply, rawRequest } from './http'
import { createTestDatabase, withClient, type TestDatabase } from '../tests/helpers/database'
import { startServer, type TestServer } from '../tests/helpers/server'

const { values: args } = parseArgs({
  options: {
    size: { type: 'string' },
    repetitions: { type: 'string', default: '7' },
    starts: { type: 'string', default: '3' },
    keep: { type: 'boolean', default: false },
  },
})
const SIZE = Number(args.size)
const REPETITIONS = Number(args.repetitions)
const STARTS = Number(args.starts)

// Limits high enough that one load-generating address is never refused (all load comes from 127.0.0.1).
const UNLIMITED = { points: 1_000_000_000, duration: 60 }
const RATE_LIMITS = JSON.stringify(
  Object.fromEntries(
    ['api', 'threadCreate', 'postCreate', 'search', 'socketConnect', 'socketJoin'].map((k) => [k, UNLIMITED]),
  ),
)
// Two words common in the seeded text: a large share of all posts match, so the search meets the full archive.
export const SEARCH_PATH = '/api/search?q=server+memory'

export type GrowthFigure = 'board' | 'thread' | 'catalog' | 'postsApi' | 'search' | 'startup' | 'housekeeping'
export interface GrowthResult {
  size: number
  provider: 'sqlite' | 'postgresql'
  site: GrowthSite
  /** Every sample in milliseconds, per figure; the table shows the median. */
  samples: Record<GrowthFigure, number[]>
  /** Housekeeping with nothing left to delete: the fixed part of a run. */
  housekeepingIdleMs: number
  housekeepingDeleted: number
  databaseBytes: number
  searchTotal: number
  notMiss: number
  loadAverage: number[]
  keptDatabase?: string
}

const log = (line: string) => console.log(`[growth ${SIZE}] ${line}`)

async function get(url: string, headers: Record<string, string> = BROWSER_HEADERS) {
  const res = await rawRequest(url, { headers })
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${res.body.toString().slice(0, 300)}`)
  return res
}

async function startTimed(dataDir: string, database: TestDatabase): Promise<{ server: TestServer; ms: number }> {
  const started = performance.now()
  const server = await startServer({
    dataDir,
    database,
    keep: true,
    logFile: path.join(dataDir, 'server.log'),
    env: { RATE_LIMITS },
  })
  await get(`${server.url}/api/health`, {})
  return { server, ms: performance.now() - started }
}

async function databaseBytes(database: TestDatabase): Promise<number> {
  if (database.provider === 'postgresql') {
    const name = new URL(database.url).pathname.slice(1)
    return withClient(database.url, async (c) =>
      Number((await c.query('SELECT pg_database_size($1) AS n', [name])).rows[0].n),
    )
  }
  const file = database.url.slice('file:'.length)
  let bytes = 0
  for (const f of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      bytes += statSync(f).size
    } catch {
      /* no such file: nothing to count */
    }
  }
  return bytes
}

async function measurePages(url: string, site: GrowthSite, result: GrowthResult): Promise<void> {
  const board = `/board/${HOT_BOARD}`
  for (let i = 0; i < REPETITIONS; i++) {
    const threadId = site.fullThreads[i % FULL_THREADS]
    const paths = {
      board,
      thread: `${board}/thread/${threadId}`,
      catalog: `${board}/catalog`,
      postsApi: `/api/boards/${HOT_BOARD}/threads/${threadId}/posts`,
    }
    // Cached first, then a reply drops the thread, its board and catalog (and any cached copy of the posts API).
    for (const p of Object.values(paths)) await get(url + p)
    await postReply(url, { boardId: HOT_BOARD, threadId }, `Growth bench reply #${i + 1}`)
    for (const [figure, p] of Object.entries(paths) as [GrowthFigure, string][]) {
      const res = await get(
        url + p,
        figure === 'postsApi' ? { 'accept-encoding': 'gzip, deflate, br' } : BROWSER_HEADERS,
      )
      const cache = res.headers['x-corkboard-cache']
      if (cache && cache !== 'MISS') result.notMiss++
      result.samples[figure].push(res.ms)
    }
  }
  const first = JSON.parse((await get(url + SEARCH_PATH, {})).body.toString()) as { total: number }
  result.searchTotal = first.total
  for (let i = 0; i < REPETITIONS; i++) result.samples.search.push((await get(url + SEARCH_PATH, {})).ms)
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'corkboard-growth-'))
  const database = await createTestDatabase(dataDir)
  let server: TestServer | undefined
  let keep = false
  try {
    Object.assign(process.env, { DATA_DIR: dataDir, DATABASE_URL: database.url, HOUSEKEEPING: 'off' })
    log(`seeding ${database.provider} in ${dataDir}`)
    const site = await seedGrowthSite(SIZE)
    log(
      `seeded ${site.posts} posts in ${site.threads} threads (${site.deadThreads} archived, ${site.expiredThreads} ` +
        `past retention), ${site.bans} bans, ${site.rangeBans} range bans in ${site.seconds.toFixed(1)} s`,
    )
    const result: GrowthResult = {
      size: SIZE,
      provider: database.provider,
      site,
      samples: { board: [], thread: [], catalog: [], postsApi: [], search: [], startup: [], housekeeping: [] },
      housekeepingIdleMs: 0,
      housekeepingDeleted: 0,
      databaseBytes: 0,
      searchTotal: 0,
      notMiss: 0,
      loadAverage: [],
    }
    for (let s = 0; s < STARTS; s++) {
      const started = await startTimed(dataDir, database)
      result.samples.startup.push(started.ms)
      if (s < STARTS - 1) await started.server.stop()
      else server = started.server
    }
    log(`start-up ${result.samples.startup.map((ms) => ms.toFixed(0)).join(', ')} ms`)
    await measurePages(server!.url, site, result)
    await server!.stop()
    server = undefined

    // In-process, as the schedule runs it: the first run deletes the threads whose retention ended in the last hour.
    const { runHousekeeping } = await import('../lib/housekeeping/run')
    const { closeDb } = await import('../lib/db/client')
    let t = performance.now()
    const run = await runHousekeeping('manual')
    result.samples.housekeeping.push(performance.now() - t)
    const cleanup = run.tasks.threadCleanup
    result.housekeepingDeleted = 'error' in cleanup ? -1 : cleanup.threadsDeleted
    t = performance.now()
    const idle = await runHousekeeping('manual')
    result.housekeepingIdleMs = performance.now() - t
    const took = (r: object) => ('duration' in r ? `${String(r.duration)} ms` : 'error' in r ? 'failed' : '?')
    log(`idle housekeeping: threads ${took(idle.tasks.threadCleanup)}, files ${took(idle.tasks.fileCleanup)}`)
    await closeDb()
    log(`housekeeping ${result.samples.housekeeping[0].toFixed(0)} ms (${result.housekeepingDeleted} threads deleted)`)

    result.databaseBytes = await databaseBytes(database)
    result.loadAverage = os.loadavg().map((l) => Math.round(l * 100) / 100)
    if (args.keep) {
      keep = true
      result.keptDatabase = database.url
    }
    console.log(`GROWTH_RESULT ${JSON.stringify(result)}`)
  } catch (err) {
    if (server) console.error(`server output:\n${server.output().slice(-4000)}`)
    throw err
  } finally {
    await server?.stop()
    if (!keep) {
      await database.drop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err)
    process.exit(1)
  },
)
