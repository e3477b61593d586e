// npm run bench: seeds a site, starts the real server (production build, own data directory, rate limits raised,
// housekeeping off) and measures every performance figure beside a raw baseline from the same run; prints the tables,
// writes bench/results/{date}.json and the results section of docs/PERFORMANCE.md.
//
//   npm run bench                          the full run (about 16 minutes on 2 cores, 10 of them the soak)
//   npm run bench -- --only=thread,cold    some scenarios only (printed, nothing written)
//   npm run bench -- --profile=text-reply  one scenario with the server under --cpu-prof, summarised by top functions
//   npm run bench -- --only=soak --soak-minutes=3   a shorter soak on its own
//   options: --seconds=10 --warmup=2 --connections=50 --cold=20 --fanout=1000,5000 --fanout-posts=5 --soak-minutes=10 --mixed-seconds=20 --no-doc
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { startBaseline, type Baseline, type BaselineRoute } from './baseline-server'
import { bundlePositions } from './bundle-positions'
import { rssMb } from './fanout'
import { multipart, rawRequest, replayHeaders } from './http'
import { machineInfo } from './machine'
import { monotonicUs, profileMarkdown, summariseProfile, type CpuProfile, type TimeWindow } from './profile-summary'
import { renderTables, replaceDocSection, resultsMarkdown, type BenchResults } from './report'
import { BenchContext, REPLY_TEXT, replyHeaders, type BenchPaths, type BenchSettings } from './scenarios/context'
import { SCENARIOS } from './scenarios/index'
import { READS } from './scenarios/reads'
import { FULL_THREAD_POSTS, seedSite } from './seed'
import { BENCH_METRICS_TOKEN } from './server-memory'
import { DEFAULT_BOARDS } from '../lib/boards/defaults'
import { DEFAULT_PAGE_STALE_MS } from '../lib/config'
import { createTestDatabase } from '../tests/helpers/database'
import { startServer, ROOT, type TestServer } from '../tests/helpers/server'

const SCENARIO_IDS = SCENARIOS.map((s) => s.id)

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    cold: { type: 'string', default: '20' },
    fanout: { type: 'string', default: '1000,5000' },
    'fanout-posts': { type: 'string', default: '5' },
    'fanout-workers': { type: 'string', default: '4' },
    'soak-minutes': { type: 'string', default: '10' },
    'mixed-seconds': { type: 'string', default: '20' },
    only: { type: 'string' },
    profile: { type: 'string' },
    'no-doc': { type: 'boolean', default: false },
  },
})

const settings: BenchSettings = {
  connections: Number(args.connections),
  seconds: Number(args.seconds),
  warmUpSeconds: Number(args.warmup),
  coldRepetitions: Number(args.cold),
  fanoutRepetitions: Number(args['fanout-posts']),
  fanoutWorkers: Number(args['fanout-workers']),
  soakMinutes: Number(args['soak-minutes']),
  fanoutSizes: args.fanout.split(',').map(Number),
  mixedSeconds: Number(args['mixed-seconds']),
}
const only = new Set<string>(args.profile ? [args.profile] : args.only ? args.only.split(',') : SCENARIO_IDS)
for (const s of only)
  if (!SCENARIO_IDS.includes(s)) throw new Error(`unknown scenario "${s}"; choose from ${SCENARIO_IDS.join(', ')}`)
const fullRun = only.size === SCENARIO_IDS.length && !args.profile
// A scenario that cannot run here says so now, not after the minutes of those before it.
const lacking = SCENARIOS.filter((s) => only.has(s.id)).flatMap((s) => {
  const missing = s.missing?.()
  return missing ? [`${s.id}: ${missing}`] : []
})
if (lacking.length) throw new Error(`this machine lacks what some scenarios need (${lacking.join('; ')})`)

// Limits high enough that one load-generating address is never refused (all load comes from 127.0.0.1).
const UNLIMITED = { points: 1_000_000_000, duration: 60 }
const RATE_LIMITS = JSON.stringify(
  Object.fromEntries(
    ['api', 'threadCreate', 'postCreate', 'search', 'socketConnect', 'socketJoin'].map((k) => [k, UNLIMITED]),
  ),
)
const HOT_BOARD = 'science' // thread ids and country flags on: the heaviest kind of page

const log = (line: string) => console.log(`[bench] ${line}`)

function ensureBuild(): void {
  if (existsSync(path.join(ROOT, '.next/BUILD_ID'))) return
  log('no production build: running npm run build')
  const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
  if (built.status !== 0) process.exit(built.status ?? 1)
}

async function main(): Promise<void> {
  ensureBuild()
  const startedAt = new Date()
  const machine = machineInfo()
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'corkboard-bench-'))
  const profileDir = args.profile ? mkdtempSync(path.join(os.tmpdir(), 'corkboard-profile-')) : undefined
  const database = await createTestDatabase(dataDir)
  let ctx: BenchContext | undefined
  let server: TestServer | undefined
  let baseline: Baseline | undefined
  try {
    log(`seeding ${database.provider} in ${dataDir}`)
    Object.assign(process.env, { DATA_DIR: dataDir, DATABASE_URL: database.url })
    const site = await seedSite()
    log(`seeded ${site.threads.length} threads, ${site.posts} posts in ${site.seconds.toFixed(1)} s`)

    const serverOptions = {
      dataDir,
      database,
      keep: true,
      // Not a pipe into this process, which is busy generating the load (tests/helpers/server.ts says why).
      logFile: path.join(dataDir, 'server.log'),
      // Production's stale-page window (the test helper turns it off); writers of the mixed load come through one
      // trusted proxy hop from an address of their own, as posters are not the readers.
      env: {
        RATE_LIMITS,
        METRICS_TOKEN: BENCH_METRICS_TOKEN,
        PAGE_STALE_MS: String(DEFAULT_PAGE_STALE_MS),
        TRUST_PROXY_HOPS: '1',
      },
      nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    }
    server = await startServer(serverOptions)
    log(`server ${server.url} (pid ${server.proc.pid})`)

    const hot = site.threads.find((t) => t.postCount === FULL_THREAD_POSTS && t.boardId === HOT_BOARD)!
    const fanoutThread = site.threads.find((t) => t.boardId === 'tech' && t.postCount < 300)!
    const paths: BenchPaths = {
      home: '/',
      board: `/board/${hot.boardId}`,
      catalog: `/board/${hot.boardId}/catalog`,
      thread: `/board/${hot.boardId}/thread/${hot.threadId}`,
      'posts-api': `/api/boards/${hot.boardId}/threads/${hot.threadId}/posts`,
      // Two words common in the seeded text: thousands of matches to count and rank, one page of 25 to load.
      search: `/api/search?q=server+memory`,
    }

    const results: BenchResults = {
      date: startedAt.toISOString(),
      machine,
      database: database.provider,
      settings,
      seed: {
        boards: DEFAULT_BOARDS.length,
        threads: site.threads.length,
        posts: site.posts,
        seconds: site.seconds,
        hotThread: paths.thread,
      },
      http: [],
      cold: [],
      coldNotMiss: 0,
      fanout: [],
      serverRssStartMb: rssMb(server.proc.pid!),
    }

    // The raw baseline serves the bytes Corkboard gave for each request, captured once the page is cached.
    const routes: BaselineRoute[] = []
    for (const r of READS) {
      const url = server.url + paths[r.id]
      await rawRequest(url, { headers: r.headers })
      const captured = await rawRequest(url, { headers: r.headers })
      if (captured.status !== 200) throw new Error(`${paths[r.id]} answered ${captured.status}`)
      routes.push({
        method: 'GET',
        path: paths[r.id],
        status: 200,
        headers: replayHeaders(captured.headers),
        body: captured.body,
      })
    }
    const text = multipart({ content: REPLY_TEXT })
    const sampleReply = await rawRequest(
      `${server.url}/api/boards/${fanoutThread.boardId}/threads/${fanoutThread.threadId}/posts`,
      { method: 'POST', body: text.body, headers: replyHeaders(text.contentType) },
    )
    if (sampleReply.status !== 201) throw new Error(`reply answered ${sampleReply.status}: ${sampleReply.body}`)
    routes.push({ method: 'POST', status: 201, headers: replayHeaders(sampleReply.headers), body: sampleReply.body })
    baseline = await startBaseline(routes)

    ctx = new BenchContext({ server, serverOptions, baseline, site, paths, settings, results, fanoutThread })
    const { profileWindows } = ctx
    const scenariosFrom = monotonicUs()
    for (const scenario of SCENARIOS) if (only.has(scenario.id)) await scenario.run(ctx)
    const scenariosTo = monotonicUs()

    console.log('')
    for (const t of renderTables(results)) console.log(`${t.title}\n${t.text}\n`)
    if (results.coldNotMiss) log(`warning: ${results.coldNotMiss} cold requests were not answered as MISS`)

    results.loadAverageAtEnd = os.loadavg().map((l) => Math.round(l * 100) / 100)
    if (fullRun) writeResults(results)
    baseline.stop()
    baseline = undefined
    await ctx.server.stop()
    ctx = undefined
    server = undefined
    if (profileDir) {
      const windows = new Map([
        ['the whole scenario', [{ fromUs: scenariosFrom, toUs: scenariosTo }]],
        ...profileWindows,
      ])
      writeProfile(args.profile!, profileDir, windows)
    }
  } catch (err) {
    const current = ctx?.server ?? server
    if (current) console.error(`server output:\n${current.output().slice(-4000)}`)
    throw err
  } finally {
    baseline?.stop()
    await (ctx?.server ?? server)?.stop()
    await database.drop()
    // KEEP_BENCH_DIR=1 leaves the database and the server's log (server.log) for a look afterwards.
    if (process.env.KEEP_BENCH_DIR) log(`kept ${dataDir}`)
    else rmSync(dataDir, { recursive: true, force: true })
    if (profileDir && !process.env.KEEP_BENCH_DIR) rmSync(profileDir, { recursive: true, force: true })
    else if (profileDir) log(`kept profile ${profileDir}`)
  }
}

function writeResults(results: BenchResults): void {
  const dir = path.join(ROOT, 'bench/results')
  mkdirSync(dir, { recursive: true })
  const file = path.join(dir, `${results.date.slice(0, 19).replace(/:/g, '-')}.json`)
  writeFileSync(file, JSON.stringify(results, null, 2) + '\n')
  log(`results: ${path.relative(ROOT, file)}`)
  if (args['no-doc']) return
  const doc = path.join(ROOT, 'docs/PERFORMANCE.md')
  writeFileSync(doc, replaceDocSection(readFileSync(doc, 'utf8'), resultsMarkdown(results)))
  log('updated the results section of docs/PERFORMANCE.md')
}

/**
 * Summarises the server's CPU profile into bench/results/profile-{scenario}.md: over the whole scenario, and over
 * each set of spans the scenario named (BenchContext.profileWindows).
 */
function writeProfile(scenario: string, dir: string, windows: Map<string, TimeWindow[]>): void {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(dir, f))
  if (!files.length) throw new Error('the server wrote no CPU profile')
  const profiles = files.map((f) => JSON.parse(readFileSync(f, 'utf8')) as CpuProfile)
  const original = bundlePositions(path.join(ROOT, 'dist/server.mjs')) ?? undefined
  const md = [...windows]
    .map(([name, spans]) => {
      // The busiest process within the spans (the fan-out restarts the server, so there may be two).
      const summary = profiles
        .map((profile) => summariseProfile(profile, 15, spans, original))
        .sort((a, b) => b.totalMs - a.totalMs)[0]
      const span = spans.length > 1 ? ` (${spans.length} requests)` : ''
      return profileMarkdown(`Server CPU profile: ${scenario}, ${name}${span}`, summary)
    })
    .join('\n')
  const out = path.join(ROOT, `bench/results/profile-${scenario}.md`)
  mkdirSync(path.dirname(out), { recursive: true })
  writeFileSync(out, md)
  console.log(md)
  log(`profile summary: ${path.relative(ROOT, out)}`)
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err)
    process.exit(1)
  },
)
