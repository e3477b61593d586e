// What every bench scenario gets from the runner (bench/run.ts): the seeded site, the running server (replaced when
// a scenario restarts it), the raw baseline, the settings and the results object it adds its figures to.
import { closeDb } from '../../lib/db/client'
import { startServer, type TestServer } from '../../tests/helpers/server'
import type { Baseline } from '../baseline-server'
import { multipart, POSTER_COOKIE } from '../http'
import { runLoad, settle, type LoadOptions, type LoadResult } from '../http-load'
import type { TimeWindow } from '../profile-summary'
import type { BenchResults, BenchSettings as RunSettings } from '../report'
import type { SeededSite, SeededThread } from '../seed'

/** The run's options, all given (bench/run.ts fills every one). */
export type BenchSettings = Required<RunSettings>

export type ServerOptions = NonNullable<Parameters<typeof startServer>[0]>

/** The pages and endpoints the read scenarios load: the heaviest board (`science`) and its 300-post thread. */
export interface BenchPaths {
  home: string
  board: string
  catalog: string
  thread: string
  'posts-api': string
  search: string
}

export const REPLY_TEXT =
  'A text reply from the benchmark, about as long as an ordinary one: a sentence or two, with a >>1 quote.'

export const replyHeaders = (contentType: string) => ({
  'content-type': contentType,
  cookie: POSTER_COOKIE,
  accept: 'application/json',
})

export interface BenchContextInit {
  server: TestServer
  serverOptions: ServerOptions
  baseline: Baseline
  site: SeededSite
  paths: BenchPaths
  settings: BenchSettings
  results: BenchResults
  /** A thread under 300 posts on /tech/: the room the fan-out fills and the sample reply goes to. */
  fanoutThread: SeededThread
}

export class BenchContext {
  /** The running server; a scenario that restarts it replaces it (read it again after `restart`). */
  server: TestServer
  readonly serverOptions: ServerOptions
  readonly baseline: Baseline
  readonly site: SeededSite
  readonly paths: BenchPaths
  readonly settings: BenchSettings
  readonly results: BenchResults
  readonly fanoutThread: SeededThread
  /** The reply body most write scenarios send. */
  readonly text = multipart({ content: REPLY_TEXT })
  /**
   * Spans of the run a scenario's figures come from, by name (e.g. the cold thread renders): `--profile` then
   * summarises the server's profile over each as well as over the whole scenario.
   */
  readonly profileWindows = new Map<string, TimeWindow[]>()
  /** Threads replies rotate over, so bumps, the bump limit and invalidations fall as on a real site. */
  private readonly rotation: SeededThread[]
  private turn = 0

  constructor(init: BenchContextInit) {
    this.server = init.server
    this.serverOptions = init.serverOptions
    this.baseline = init.baseline
    this.site = init.site
    this.paths = init.paths
    this.settings = init.settings
    this.results = init.results
    this.fanoutThread = init.fanoutThread
    this.rotation = shuffled(init.site.threads)
  }

  log(line: string): void {
    console.log(`[bench] ${line}`)
  }

  /** The posts endpoint of the next thread in the rotation. */
  nextThread(): string {
    const t = this.rotation[this.turn++ % this.rotation.length]
    return `/api/boards/${t.boardId}/threads/${t.threadId}/posts`
  }

  /** A fresh server process (the bench's own database connection closed first, as SQLite wants). */
  async restart(options: ServerOptions = this.serverOptions): Promise<TestServer> {
    await closeDb()
    await this.server.stop()
    this.server = await startServer(options)
    return this.server
  }

  /** The same load against Corkboard, then against the baseline's URL. */
  async measure(options: LoadOptions, baseUrl: string): Promise<{ c: LoadResult; b: LoadResult }> {
    const corkboard = { ...options, url: this.server.url + options.url, warmUpSeconds: this.settings.warmUpSeconds }
    const c = await runLoad(corkboard)
    await settle(corkboard.url)
    const b = await runLoad({ ...corkboard, url: baseUrl + options.url })
    this.log(`  corkboard ${describe(c)}; baseline ${describe(b)}`)
    return { c, b }
  }
}

export interface BenchScenario {
  id: string
  /** What this machine lacks for the scenario, if anything: checked before the site is seeded. */
  missing?(): string | undefined
  run(ctx: BenchContext): Promise<void>
}

export const describe = (r: LoadResult) =>
  `${r.rps.toFixed(0)} req/s, p99 ${r.p99?.toFixed(1)} ms, answers ${JSON.stringify(r.statuses)}`

export const throughput = (r: LoadResult) => ({ rps: r.rps, p50: r.p50, p99: r.p99, failed: r.failed })

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
