// Reads while the board is written to: 50 readers asking in turn for the hot board page, its catalog and its
// 300-post thread, first alone, then while open-loop writers post text replies into that board at 10/s and at
// 100/s (one reply in ten to the read thread, the others to the board's other threads, so every write drops the
// board page and catalog and some drop the thread page), then the raw baseline serving the three pages' captured
// bytes in the same rotation. Each phase counts how many answers came hot from the page cache (X-Corkboard-Cache).
import { BROWSER_HEADERS } from '../http'
import { runLoad, settle, type LoadResult } from '../http-load'
import { openLoop, type OpenLoopResult } from '../open-loop'
import { monotonicUs } from '../profile-summary'
import { replyHeaders, type BenchContext, type BenchScenario } from './context'

export const MIXED_PAGES = ['board', 'catalog', 'thread'] as const
export type MixedPage = (typeof MIXED_PAGES)[number]

export interface MixedReads {
  rps: number
  p50: number
  p99: number
  failed: number
  /** Share of answers with X-Corkboard-Cache: HIT; null for the baseline, which replays one captured answer. */
  hot: number | null
  /** Share sent stale (X-Corkboard-Cache: STALE, lib/page-cache/serve.ts); null for the baseline. */
  stale?: number | null
}

export interface MixedPhase {
  label: string
  /** Replies per second asked of the writers; 0 without writers, null for the static baseline. */
  writeRate: number | null
  readers: MixedReads
  pages: Record<MixedPage, MixedReads>
  writes?: OpenLoopResult
}

export interface MixedLoadResult {
  seconds: number
  connections: number
  paths: Record<MixedPage, string>
  phases: MixedPhase[]
}

const WRITER_ADDRESS = '203.0.113.19'
/** One reply in this many goes to the read thread. */
const READ_THREAD_SHARE = 10
export const WRITE_RATES = [10, 100]

export const mixedLoadScenario: BenchScenario = {
  id: 'mixed',
  async run(ctx) {
    const seconds = ctx.settings.mixedSeconds
    const connections = ctx.settings.connections
    const paths = { board: ctx.paths.board, catalog: ctx.paths.catalog, thread: ctx.paths.thread }
    const result: MixedLoadResult = { seconds, connections, paths, phases: [] }
    ctx.log(`mixed load: ${connections} readers over board, catalog and thread, ${seconds} s per phase`)
    result.phases.push(await phase(ctx, 'Readers only', 0))
    for (const rate of WRITE_RATES) result.phases.push(await phase(ctx, `Readers + ${rate} replies/s`, rate))
    result.phases.push(await phase(ctx, 'Static baseline, same rotation', null))
    ctx.results.mixed = result
  },
}

async function phase(ctx: BenchContext, label: string, writeRate: number | null): Promise<MixedPhase> {
  const seconds = ctx.settings.mixedSeconds
  const warmUpSeconds = ctx.settings.warmUpSeconds
  const url = writeRate === null ? ctx.baseline.url : ctx.server.url
  const paths = MIXED_PAGES.map((p) => ctx.paths[p])
  const fromUs = monotonicUs()
  const [reads, writes] = await Promise.all([
    runLoad({
      url,
      paths,
      countHeader: 'x-corkboard-cache',
      connections: ctx.settings.connections,
      seconds,
      warmUpSeconds,
      headers: BROWSER_HEADERS,
    }),
    writeRate ? writers(ctx, writeRate, seconds + warmUpSeconds) : undefined,
  ])
  // --profile=mixed summarises each of Corkboard's phases alone (warm-up included: the writers run through it).
  if (writeRate !== null) ctx.profileWindows.set(label, [{ fromUs, toUs: monotonicUs() }])
  await settle(ctx.server.url)
  const result: MixedPhase = {
    label,
    writeRate,
    readers: summary(
      { ...reads, header: totals(Object.values(reads.byPath!).map((p) => p.header)) },
      writeRate !== null,
    ),
    pages: Object.fromEntries(
      MIXED_PAGES.map((p) => [p, summary(reads.byPath![ctx.paths[p]], writeRate !== null)]),
    ) as Record<MixedPage, MixedReads>,
    writes,
  }
  const { hot: hits, stale } = result.readers
  const hot = hits === null ? '' : `, ${(hits * 100).toFixed(0)} % hot, ${((stale ?? 0) * 100).toFixed(0)} % stale`
  const written = writes ? `; writes ${JSON.stringify(writes.statuses)} at ${writes.rate.toFixed(1)}/s` : ''
  ctx.log(`  ${label}: ${reads.rps.toFixed(0)} req/s, p99 ${reads.p99.toFixed(1)} ms${hot}${written}`)
  // Shown in the table and failing the targets rather than stopping the run.
  if (writes && writes.statuses['201'] !== writes.sent)
    ctx.log(`  warning: not every reply was created: ${JSON.stringify(writes.statuses)}`)
  return result
}

/** Text replies into the read board at a fixed rate: one in ten to the read thread, the rest over its other threads. */
function writers(ctx: BenchContext, rate: number, seconds: number): Promise<OpenLoopResult> {
  const readThread = ctx.paths.thread
  const board = ctx.site.threads.filter((t) => `/board/${t.boardId}` === ctx.paths.board)
  const posts = (t: { boardId: string; threadId: number }) => `/api/boards/${t.boardId}/threads/${t.threadId}/posts`
  const read = board.find((t) => `/board/${t.boardId}/thread/${t.threadId}` === readThread)!
  const others = board.filter((t) => t !== read)
  return openLoop({
    url: ctx.server.url,
    rate,
    seconds,
    method: 'POST',
    // The posters are not the readers (a poster is never sent a stale page): they come through the trusted proxy
    // hop from an address of their own.
    headers: { ...replyHeaders(ctx.text.contentType), 'x-forwarded-for': WRITER_ADDRESS },
    body: ctx.text.body,
    path: (i) => posts(i % READ_THREAD_SHARE === 0 ? read : others[i % others.length]),
  })
}

function summary(
  load: Omit<LoadResult, 'byPath' | 'seconds'> & { header?: Record<string, number> },
  corkboard: boolean,
): MixedReads {
  const header = load.header ?? {}
  const answers = Object.values(load.statuses).reduce((a, b) => a + b, 0)
  return {
    rps: load.rps,
    p50: load.p50,
    p99: load.p99,
    failed: load.failed,
    hot: corkboard && answers ? (header.HIT ?? 0) / answers : corkboard ? 0 : null,
    stale: corkboard && answers ? (header.STALE ?? 0) / answers : corkboard ? 0 : null,
  }
}

function totals(counts: Record<string, number>[]): Record<string, number> {
  const out: Record<string, number> = {}
  for (const c of counts) for (const [k, v] of Object.entries(c)) out[k] = (out[k] ?? 0) + v
  return out
}
