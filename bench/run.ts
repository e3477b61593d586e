// npm run bench: seeds a site, starts the real server (production build, own data directory, rate limits raised,
// housekeeping off) and measures every performance figure beside a raw baseline from the same run; prints the tables,
// writes bench/results/{date}.json and the results section of docs/PERFORMANCE.md.
//
//   npm run bench                          the full run (about 16 minutes on 2 cores, 10 of them the soak)
//   npm run bench -- --only=thread,cold    some scenarios only (printed, nothing written)
//   npm run bench -- --profile=text-reply  one scenario with the server under --cpu-prof, summarised by top functions
//   npm run bench -- --only=soak --soak-minutes=3   a shorter soak on its own
//   options: --seconds=10 --warmup=2 --connections=50 --cold=20 --fanout=1000,5000 --fanout-posts=5 --soak-minutes=10 --no-doc
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { measureBannedFileCost } from './banned-file-cost'
import { startBaseline, type Baseline, type BaselineRoute } from './baseline-server'
import { BENCH_COMPLEXITY, measureCaptchaCost, solvedFromServer } from './captcha-cost'
import { measureBrowserSolve } from './captcha-solve'
import { measureColdRenders } from './cold-render'
import { rssMb, runFanout } from './fanout'
import { benchRules, FILTER_RULES, measureFilterCost } from './filter-cost'
import { BROWSER_HEADERS, multipart, POSTER_COOKIE, rawRequest, replayHeaders } from './http'
import { runLoad, settle, type LoadOptions, type LoadResult } from './http-load'
import { measureScripts } from './js-size'
import { machineInfo } from './machine'
import { monotonicUs, profileMarkdown, summariseProfile, type CpuProfile } from './profile-summary'
import { coldFigure, renderTables, replaceDocSection, resultsMarkdown, type BenchResults } from './report'
import { benchPhoto, FULL_THREAD_POSTS, seedSite } from './seed'
import { measureSharpRate } from './sharp-baseline'
import { runSoak } from './soak'
import { DEFAULT_BOARDS } from '../lib/boards/defaults'
import { closeDb, getDb } from '../lib/db/client'
import { createTestDatabase } from '../tests/helpers/database'
import { startServer, ROOT, type TestServer } from '../tests/helpers/server'

const SCENARIOS = [
  'js',
  'home',
  'board',
  'catalog',
  'thread',
  'posts-api',
  'search',
  'cold',
  'text-reply',
  'text-reply-filtered',
  'filters',
  'banned-files',
  'text-reply-captcha',
  'captcha',
  'captcha-browser',
  'image-reply',
  'fanout',
  'soak',
] as const
type Scenario = (typeof SCENARIOS)[number]

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
    only: { type: 'string' },
    profile: { type: 'string' },
    'no-doc': { type: 'boolean', default: false },
  },
})

const settings = {
  connections: Number(args.connections),
  seconds: Number(args.seconds),
  warmUpSeconds: Number(args.warmup),
  coldRepetitions: Number(args.cold),
  fanoutRepetitions: Number(args['fanout-posts']),
  fanoutWorkers: Number(args['fanout-workers']),
  soakMinutes: Number(args['soak-minutes']),
}
const only = new Set<Scenario>(
  args.profile ? [args.profile as Scenario] : args.only ? (args.only.split(',') as Scenario[]) : SCENARIOS,
)
for (const s of only)
  if (!SCENARIOS.includes(s)) throw new Error(`unknown scenario "${s}"; choose from ${SCENARIOS.join(', ')}`)
const fullRun = only.size === SCENARIOS.length && !args.profile

// Limits high enough that one load-generating address is never refused (all load comes from 127.0.0.1).
const UNLIMITED = { points: 1_000_000_000, duration: 60 }
const RATE_LIMITS = JSON.stringify(
  Object.fromEntries(
    ['api', 'threadCreate', 'postCreate', 'search', 'socketConnect', 'socketJoin'].map((k) => [k, UNLIMITED]),
  ),
)
const HOT_BOARD = 'science'
/** CAPTCHA_COMPLEXITY's default (lib/config.ts): the bench server runs with it. */
const CAPTCHA_DEFAULT_COMPLEXITY = 5000 // thread ids and country flags on: the heaviest kind of page

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
      env: { RATE_LIMITS },
      nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    }
    server = await startServer(serverOptions)
    log(`server ${server.url} (pid ${server.proc.pid})`)

    const full = site.threads.filter((t) => t.postCount === FULL_THREAD_POSTS)
    const hot = full.find((t) => t.boardId === HOT_BOARD)!
    const fanoutThread = site.threads.find((t) => t.boardId === 'tech' && t.postCount < 300)!
    const coldThreads = full.filter((t) => t !== hot)
    const paths = {
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

    if (only.has('js')) {
      results.js = { page: paths.thread, ...(await measureScripts(server.url, paths.thread)) }
      log(`thread page JavaScript: ${(results.js.totalGzipBytes / 1024).toFixed(1)} KB gzipped`)
    }

    // The raw baseline serves the bytes Corkboard gave for each request, captured once the page is cached.
    const reads = [
      { id: 'home', label: 'Home page (hot)', path: paths.home, headers: BROWSER_HEADERS },
      { id: 'board', label: 'Board page (hot)', path: paths.board, headers: BROWSER_HEADERS },
      { id: 'catalog', label: 'Catalog page (hot)', path: paths.catalog, headers: BROWSER_HEADERS },
      { id: 'thread', label: 'Thread page, 300 posts (hot)', path: paths.thread, headers: BROWSER_HEADERS },
      {
        id: 'posts-api',
        label: 'GET …/posts, 300 posts (hot)',
        path: paths['posts-api'],
        headers: { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' },
      },
      {
        id: 'search',
        label: 'GET /api/search, two common words (uncached)',
        path: paths.search,
        headers: { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' },
      },
    ] as const
    const routes: BaselineRoute[] = []
    for (const r of reads) {
      await rawRequest(server.url + r.path, { headers: r.headers })
      const captured = await rawRequest(server.url + r.path, { headers: r.headers })
      if (captured.status !== 200) throw new Error(`${r.path} answered ${captured.status}`)
      routes.push({
        method: 'GET',
        path: r.path,
        status: 200,
        headers: replayHeaders(captured.headers),
        body: captured.body,
      })
    }
    const replyHeaders = (contentType: string) => ({
      'content-type': contentType,
      cookie: POSTER_COOKIE,
      accept: 'application/json',
    })
    const replyText =
      'A text reply from the benchmark, about as long as an ordinary one: a sentence or two, with a >>1 quote.'
    const text = multipart({ content: replyText })
    const sampleReply = await rawRequest(
      `${server.url}/api/boards/${fanoutThread.boardId}/threads/${fanoutThread.threadId}/posts`,
      { method: 'POST', body: text.body, headers: replyHeaders(text.contentType) },
    )
    if (sampleReply.status !== 201) throw new Error(`reply answered ${sampleReply.status}: ${sampleReply.body}`)
    routes.push({ method: 'POST', status: 201, headers: replayHeaders(sampleReply.headers), body: sampleReply.body })
    baseline = await startBaseline(routes)
    const scenariosFrom = monotonicUs()

    const measure = async (options: LoadOptions, baseUrl: string) => {
      const corkboard = { ...options, url: server!.url + options.url, warmUpSeconds: settings.warmUpSeconds }
      const c = await runLoad(corkboard)
      await settle(corkboard.url)
      const b = await runLoad({ ...corkboard, url: baseUrl + options.url })
      log(`  corkboard ${describe(c)}; baseline ${describe(b)}`)
      return { c, b }
    }

    for (const r of reads) {
      if (!only.has(r.id)) continue
      log(`${r.label}: ${settings.seconds} s at ${settings.connections} connections, then the raw baseline`)
      const { c, b } = await measure(
        { url: r.path, connections: settings.connections, seconds: settings.seconds, headers: r.headers },
        baseline.url,
      )
      results.http.push({
        id: r.id,
        label: r.label,
        corkboard: { rps: c.rps, p50: c.p50, p99: c.p99, failed: c.failed },
        baselineLabel: 'node:http, same bytes',
        baseline: { rps: b.rps, p50: b.p50, p99: b.p99 },
        bytes: routes.find((x) => x.path === r.path)!.body.length,
      })
    }

    if (only.has('cold')) {
      log(`cold renders: ${settings.coldRepetitions} repetitions`)
      const cold = await measureColdRenders(server.url, coldThreads, settings.coldRepetitions)
      results.cold.push(
        coldFigure('board', 'Board page', cold.boardMs, cold.boardBytes),
        coldFigure('thread', 'Thread page, 300 posts', cold.threadMs, cold.threadBytes),
      )
      results.coldNotMiss = cold.notMiss
    }

    // Replies rotate over every thread, so bumps, the bump limit and invalidations fall as on a real site.
    const rotation = shuffled(site.threads)
    let turn = 0
    const nextThread = () => {
      const t = rotation[turn++ % rotation.length]
      return `/api/boards/${t.boardId}/threads/${t.threadId}/posts`
    }
    if (only.has('text-reply')) {
      log(`text replies: ${settings.seconds} s at ${settings.connections} connections, then the raw baseline`)
      const { c, b } = await measure(
        {
          url: nextThread(),
          method: 'POST',
          body: text.body,
          headers: replyHeaders(text.contentType),
          connections: settings.connections,
          seconds: settings.seconds,
          next: () => ({ path: nextThread() }),
        },
        baseline.url,
      )
      results.http.push({
        id: 'text-reply',
        label: 'Text reply (multipart POST)',
        corkboard: { rps: c.rps, p50: c.p50, p99: c.p99, failed: c.failed },
        baselineLabel: 'node:http, same 201',
        baseline: { rps: b.rps, p50: b.p50, p99: b.p99 },
      })
    }

    if (only.has('text-reply-filtered')) {
      // Both runs start from a fresh process warmed by one reply, the second with the rules stored before it
      // starts, as a real site loads them; the ratio of the two is the filters' cost.
      const replyRun = async (label: string) => {
        await closeDb() // the server must not meet this process's connection to the database file
        await server!.stop()
        server = await startServer(serverOptions)
        const warm = await rawRequest(`${server.url}${nextThread()}`, {
          method: 'POST',
          body: text.body,
          headers: replyHeaders(text.contentType),
        })
        if (warm.status !== 201) throw new Error(`reply answered ${warm.status}: ${warm.body}`)
        log(`text replies, ${label}: ${settings.seconds} s at ${settings.connections} connections`)
        const load: LoadOptions = {
          url: server.url + nextThread(),
          method: 'POST',
          body: text.body,
          headers: replyHeaders(text.contentType),
          connections: settings.connections,
          seconds: settings.seconds,
          warmUpSeconds: settings.warmUpSeconds,
          next: () => ({ path: nextThread() }),
        }
        const c = await runLoad(load)
        await settle(load.url)
        log(`  corkboard ${describe(c)}`)
        return c
      }
      const plain = await replyRun('no word filters')
      await (await getDb()).wordFilter.createMany({ data: benchRules().map((r) => ({ ...r, boards: '' })) })
      const filtered = await replyRun(`${FILTER_RULES} word filters`)
      await (await getDb()).wordFilter.deleteMany({})
      await closeDb()
      await server.stop()
      server = await startServer(serverOptions)
      results.http.push({
        id: 'text-reply-filtered',
        label: `Text reply, ${FILTER_RULES} word filters`,
        corkboard: { rps: filtered.rps, p50: filtered.p50, p99: filtered.p99, failed: filtered.failed },
        baselineLabel: 'same, no filters, fresh process',
        baseline: { rps: plain.rps, p50: plain.p50, p99: plain.p99 },
      })
    }

    if (only.has('filters')) {
      results.filters = measureFilterCost()
      log(
        `word filters: ${results.filters.rules} rules × ${results.filters.chars} characters: median ${results.filters.ms.p50.toFixed(3)} ms`,
      )
    }

    if (only.has('banned-files')) {
      results.bannedFiles = await measureBannedFileCost()
      log(
        `banned files: perceptual hash + ${results.bannedFiles.entries} entries: median ${results.bannedFiles.ms.p50.toFixed(2)} ms`,
      )
    }

    if (only.has('text-reply-captcha')) {
      // Text replies on boards whose captcha is `all` with 100 word filters, against both off, each from a fresh
      // process. Every reply carries its own solution (one post per solution), fetched from the server and solved
      // before the run at the smallest complexity: the server's work per post does not depend on the complexity.
      const captchaOptions = {
        ...serverOptions,
        env: { ...serverOptions.env, CAPTCHA_COMPLEXITY: String(BENCH_COMPLEXITY) },
      }
      const replyRun = async (label: string, withCaptcha: boolean, solutions: number) => {
        await closeDb()
        await server!.stop()
        server = await startServer(captchaOptions)
        const payloads = withCaptcha ? await solvedFromServer(server.url, solutions + 1) : []
        let used = 0
        const body = () =>
          multipart({ content: replyText, ...(withCaptcha ? { captcha: payloads[used++ % payloads.length] } : {}) })
        const first = body()
        const warm = await rawRequest(`${server.url}${nextThread()}`, {
          method: 'POST',
          body: first.body,
          headers: replyHeaders(first.contentType),
        })
        if (warm.status !== 201) throw new Error(`reply answered ${warm.status}: ${warm.body}`)
        log(`text replies, ${label}: ${settings.seconds} s at ${settings.connections} connections`)
        const load: LoadOptions = {
          url: server.url + nextThread(),
          method: 'POST',
          body: first.body,
          headers: replyHeaders(first.contentType),
          connections: settings.connections,
          seconds: settings.seconds,
          warmUpSeconds: settings.warmUpSeconds,
          next: () => {
            const b = body()
            return { path: nextThread(), body: b.body, headers: replyHeaders(b.contentType) }
          },
        }
        const c = await runLoad(load)
        await settle(load.url)
        log(`  corkboard ${describe(c)}`)
        if (withCaptcha && used > payloads.length)
          log(`  ran out of solutions: ${used - payloads.length} replays were refused`)
        return c
      }
      const plain = await replyRun('captcha off, no word filters', false, 0)
      const db = await getDb()
      await db.board.updateMany({ data: { captcha: 'all' } })
      await db.wordFilter.createMany({ data: benchRules().map((r) => ({ ...r, boards: '' })) })
      // Enough solutions for the plain run's rate over the warm-up and the run, twice over.
      const needed = Math.ceil(plain.rps * (settings.seconds + settings.warmUpSeconds) * 2) + settings.connections
      log(`solving ${needed} captcha challenges for the next run`)
      const guarded = await replyRun(`captcha all, ${FILTER_RULES} word filters`, true, needed)
      await (await getDb()).wordFilter.deleteMany({})
      await (await getDb()).board.updateMany({ data: { captcha: 'off' } })
      await closeDb()
      await server.stop()
      server = await startServer(serverOptions)
      results.http.push({
        id: 'text-reply-captcha',
        label: `Text reply, captcha all + ${FILTER_RULES} word filters`,
        corkboard: { rps: guarded.rps, p50: guarded.p50, p99: guarded.p99, failed: guarded.failed },
        baselineLabel: 'same, both off, fresh process',
        baseline: { rps: plain.rps, p50: plain.p50, p99: plain.p99 },
      })
    }

    if (only.has('captcha')) {
      results.captcha = await measureCaptchaCost(CAPTCHA_DEFAULT_COMPLEXITY)
      await closeDb()
      const n = results.captcha.nodeSolve
      log(
        `captcha solved by one core at complexity ${n.complexity}: median ${(n.ms.p50 / 1000).toFixed(2)} s (${n.msPerDerivation.toFixed(3)} ms per derivation)`,
      )
      log(
        `captcha per post: check median ${results.captcha.verifyMs.p50.toFixed(3)} ms, p99 ${results.captcha.verifyMs.p99.toFixed(3)} ms; issue median ${results.captcha.issueMs.p50.toFixed(3)} ms, p99 ${results.captcha.issueMs.p99.toFixed(3)} ms`,
      )
    }

    if (only.has('captcha-browser')) {
      // The widget only shows on a board that asks for a captcha: one board does, in a fresh process.
      await (await getDb()).board.update({ where: { id: 'tech' }, data: { captcha: 'threads' } })
      await closeDb()
      await server.stop()
      server = await startServer(serverOptions)
      const solve = await measureBrowserSolve(server.url, '/board/tech/create-thread')
      results.captcha ??= await measureCaptchaCost(CAPTCHA_DEFAULT_COMPLEXITY, 20, 1)
      results.captcha.browser = { complexity: CAPTCHA_DEFAULT_COMPLEXITY, ...solve }
      log(
        `captcha solved by Chromium (${solve.workers} workers) at complexity ${CAPTCHA_DEFAULT_COMPLEXITY}: median ${(solve.ms.p50 / 1000).toFixed(2)} s, p90 ${(solve.ms.p90 / 1000).toFixed(2)} s`,
      )
      await (await getDb()).board.update({ where: { id: 'tech' }, data: { captcha: 'off' } })
      await closeDb()
      await server.stop()
      server = await startServer(serverOptions)
    }

    if (only.has('image-reply')) {
      // Four photos, so the server cannot skip work for a file it has just stored.
      const photos = await Promise.all([0, 1, 2, 3].map(() => benchPhoto(800, 600)))
      const bodies = photos.map((bytes, i) =>
        multipart(
          { content: `Image reply ${i}` },
          { field: 'image', name: `photo-${i}.jpg`, type: 'image/jpeg', bytes },
        ),
      )
      let n = 0
      log(
        `image replies (${(photos[0].length / 1024).toFixed(0)} KB JPEG, 800×600): ${settings.seconds} s, then sharp's bare thumbnail rate`,
      )
      const load: LoadOptions = {
        url: server.url + nextThread(),
        method: 'POST',
        body: bodies[0].body,
        headers: replyHeaders(bodies[0].contentType),
        // Fifty uploads in flight take seconds each to answer, so the steady state comes later than for pages.
        connections: settings.connections,
        seconds: settings.seconds,
        warmUpSeconds: Math.max(settings.warmUpSeconds, 5),
        next: () => {
          const b = bodies[n++ % bodies.length]
          return { path: nextThread(), body: b.body, headers: replyHeaders(b.contentType) }
        },
      }
      const c = await runLoad(load)
      await settle(load.url)
      log(`  corkboard ${describe(c)}`)
      const bare = await measureSharpRate(photos[0], settings.connections, settings.seconds, settings.warmUpSeconds)
      results.http.push({
        id: 'image-reply',
        label: 'Image reply (800×600 JPEG)',
        corkboard: { rps: c.rps, p50: c.p50, p99: c.p99, failed: c.failed },
        baselineLabel: 'sharp thumbnail loop',
        baseline: { rps: bare.rate },
      })
    }

    if (only.has('fanout')) {
      results.serverRssAfterLoadMb = rssMb(server.proc.pid!)
      // A fresh process, so its RSS shows what the sockets cost rather than the heap the HTTP load left behind.
      await server.stop()
      server = await startServer(serverOptions)
      await rawRequest(server.url + paths.thread, { headers: BROWSER_HEADERS })
      results.serverRssIdleMb = rssMb(server.proc.pid!)
      const sizes = args.fanout.split(',').map(Number)
      log(
        `fan-out: ${sizes.join(' then ')} clients in room ${fanoutThread.boardId}-${fanoutThread.threadId}, ${settings.fanoutRepetitions} posts each`,
      )
      results.fanout = await runFanout({
        url: server.url,
        serverPid: server.proc.pid!,
        boardId: fanoutThread.boardId,
        threadId: fanoutThread.threadId,
        sizes,
        repetitions: settings.fanoutRepetitions,
        workers: settings.fanoutWorkers,
      })
    }

    if (only.has('soak')) {
      // Replies go to boards other than the one receiving new threads, whose oldest threads die as it fills.
      const threadBoard = 'diy'
      const soakThreads = site.threads
        .filter((t) => t.boardId !== threadBoard && t.postCount < FULL_THREAD_POSTS)
        .slice(0, 24)
      log(`soak: ${settings.soakMinutes} minutes of readers, posters and sockets`)
      results.soak = await runSoak(
        {
          url: server.url,
          serverPid: server.proc.pid!,
          threads: soakThreads,
          threadBoard,
          minutes: settings.soakMinutes,
          readers: 20,
          sockets: 200,
          textPerSecond: 5,
          imagePerSecond: 0.5,
          threadEverySeconds: 20,
        },
        log,
      )
    }

    console.log('')
    for (const t of renderTables(results)) console.log(`${t.title}\n${t.text}\n`)
    if (results.coldNotMiss) log(`warning: ${results.coldNotMiss} cold requests were not answered as MISS`)

    const scenariosTo = monotonicUs()
    results.loadAverageAtEnd = os.loadavg().map((l) => Math.round(l * 100) / 100)
    if (fullRun) writeResults(results)
    baseline.stop()
    baseline = undefined
    await server.stop()
    server = undefined
    if (profileDir) writeProfile(args.profile!, profileDir, { fromUs: scenariosFrom, toUs: scenariosTo })
  } catch (err) {
    if (server) console.error(`server output:\n${server.output().slice(-4000)}`)
    throw err
  } finally {
    baseline?.stop()
    await server?.stop()
    await database.drop()
    rmSync(dataDir, { recursive: true, force: true })
    if (profileDir) rmSync(profileDir, { recursive: true, force: true })
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

/** Summarises the server's CPU profile during the scenario into bench/results/profile-{scenario}.md. */
function writeProfile(scenario: string, dir: string, window: { fromUs: number; toUs: number }): void {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(dir, f))
  if (!files.length) throw new Error('the server wrote no CPU profile')
  // The busiest process within the window (the fan-out restarts the server, so there may be two).
  const summary = files
    .map((f) => summariseProfile(JSON.parse(readFileSync(f, 'utf8')) as CpuProfile, 15, window))
    .sort((a, b) => b.totalMs - a.totalMs)[0]
  const md = profileMarkdown(
    `Server CPU profile: ${scenario} (${settings.seconds} s at ${settings.connections} connections)`,
    summary,
  )
  const out = path.join(ROOT, `bench/results/profile-${scenario}.md`)
  mkdirSync(path.dirname(out), { recursive: true })
  writeFileSync(out, md)
  console.log(md)
  log(`profile summary: ${path.relative(ROOT, out)}`)
}

const describe = (r: LoadResult) =>
  `${r.rps.toFixed(0)} req/s, p99 ${r.p99?.toFixed(1)} ms, answers ${JSON.stringify(r.statuses)}`

/** A fixed shuffle (the same every run), so replies spread over boards instead of filling one board first. */
function shuffled<T>(items: T[]): T[] {
  const out = [...items]
  let seed = 12345
  for (let i = out.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2147483648
    const j = seed % (i + 1)
    ;[out[i], out[j]] = [out[j], out[i]]
  }
  return out
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err)
    process.exit(1)
  },
)
