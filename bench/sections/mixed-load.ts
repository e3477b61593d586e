// The mixed-load table (readers of one board while writers post into it) and its issue-19 targets, plus the hot
// board page's tail against the static baseline's (from the `board` read scenario).
import type { ReportSection } from './index'
import type { BenchResults } from '../report'
import { MIXED_PAGES, type MixedPhase, type MixedReads } from '../scenarios/mixed-load'
import { formatMs, formatRate, formatRatio, ratio } from '../stats'
import { table, type Target } from '../table'

const percent = (share: number | null) => (share === null ? '–' : `${(share * 100).toFixed(0)} %`)

function rows(r: NonNullable<BenchResults['mixed']>): string[][] {
  const baseline = r.phases.find((p) => p.writeRate === null)
  const row = (p: MixedPhase, page: string, reads: MixedReads, base: MixedReads | undefined) => [
    p.label,
    page,
    formatRate(reads.rps),
    formatMs(reads.p50),
    formatMs(reads.p99),
    reads.stale ? `${percent(reads.hot)} + ${percent(reads.stale)} stale` : percent(reads.hot),
    p.writeRate === null ? '–' : formatRatio(ratio(reads.rps, base?.rps)),
    p.writeRate === null ? '–' : formatRatio(ratio(reads.p99, base?.p99)),
    p.writes ? `${p.writes.statuses['201'] ?? 0} / ${p.writes.sent} at ${formatRate(p.writes.rate)}/s` : '–',
  ]
  return r.phases.flatMap((p) => [
    row(p, 'all three', p.readers, baseline?.readers),
    ...MIXED_PAGES.map((page) => row(p, r.paths[page], p.pages[page], baseline?.pages[page])),
  ])
}

/** The three pages' worst ratio to the baseline at a write rate: req/s (lowest) and p99 (highest). */
function worst(r: BenchResults['mixed'], rate: number): { rps: number | null; p99: number | null } {
  const p = r?.phases.find((x) => x.writeRate === rate)
  const base = r?.phases.find((x) => x.writeRate === null)
  if (!p || !base) return { rps: null, p99: null }
  // A phase whose writers did not all get 201 did not add the load it claims: it cannot meet a target.
  if (p.writes && p.writes.statuses['201'] !== p.writes.sent) return { rps: 0, p99: Infinity }
  const rps = MIXED_PAGES.map((page) => ratio(p.pages[page].rps, base.pages[page].rps))
  const p99 = MIXED_PAGES.map((page) => ratio(p.pages[page].p99, base.pages[page].p99))
  if (rps.some((x) => x === null) || p99.some((x) => x === null)) return { rps: null, p99: null }
  return { rps: Math.min(...(rps as number[])), p99: Math.max(...(p99 as number[])) }
}

export const mixedLoadSection: ReportSection = {
  tables(r) {
    if (!r.mixed) return []
    return [
      {
        title:
          `Mixed load: ${r.mixed.connections} readers rotating board, catalog and thread while replies are posted into ` +
          `the board, ${r.mixed.seconds} s per phase (req/s, latency in ms; ratios against the static baseline)`,
        ...table(
          ['Phase', 'Page', 'req/s', 'p50', 'p99', 'Served hot', '× baseline req/s', 'p99 × baseline', 'Replies 201'],
          rows(r.mixed),
          ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
        ),
      },
    ]
  },
  targets(r) {
    const targets: Target[] = []
    const board = r.http.find((f) => f.id === 'board')
    const tail = board ? ratio(board.corkboard.p99, board.baseline.p99) : null
    targets.push({
      name: `Hot board page tail (${r.settings.connections} connections, no writers)`,
      goal: "p99 ≤ 2× the static baseline's p99",
      value: board
        ? `${formatRatio(tail)} (p99 ${formatMs(board.corkboard.p99)} vs ${formatMs(board.baseline.p99)} ms)`
        : 'not measured',
      met: tail === null ? null : tail <= 2,
    })
    const at10 = worst(r.mixed, 10)
    targets.push({
      name: 'Board, catalog and thread at 10 replies/s into the board',
      goal: "each ≥ 0.4× the static baseline, p99 ≤ 3× the baseline's p99",
      value:
        at10.rps === null ? 'not measured' : `lowest ${formatRatio(at10.rps)}, p99 at most ${formatRatio(at10.p99)}`,
      met: at10.rps === null ? null : at10.rps >= 0.4 && at10.p99! <= 3,
    })
    const at100 = worst(r.mixed, 100)
    const writes100 = r.mixed?.phases.find((p) => p.writeRate === 100)?.writes
    const lost = writes100 ? writes100.sent - (writes100.statuses['201'] ?? 0) : 0
    targets.push({
      name: 'Board, catalog and thread at 100 replies/s into the board',
      goal: 'each ≥ 0.2× the static baseline',
      value:
        at100.rps === null
          ? 'not measured'
          : lost
            ? `${lost} of ${writes100!.sent} replies not created`
            : `lowest ${formatRatio(at100.rps)}`,
      met: at100.rps === null ? null : at100.rps >= 0.2,
    })
    return targets
  },
}
