// The mixed-load report section: its targets judge each page against the static baseline's same page (the worst
// page decides), and the hot board page's tail against the baseline's p99; nothing measured is "not measured".
import { describe, expect, it } from 'vitest'
import type { BenchResults } from '@/bench/report'
import type { MixedLoadResult, MixedPhase, MixedReads } from '@/bench/scenarios/mixed-load'
import { mixedLoadSection } from '@/bench/sections/mixed-load'

const reads = (rps: number, p99: number, hot: number | null = 1): MixedReads => ({
  rps,
  p50: p99 / 3,
  p99,
  failed: 0,
  hot,
})
const phase = (writeRate: number | null, pages: [MixedReads, MixedReads, MixedReads]): MixedPhase => ({
  label: `rate ${writeRate}`,
  writeRate,
  readers: reads(
    pages.reduce((a, p) => a + p.rps, 0),
    Math.max(...pages.map((p) => p.p99)),
  ),
  pages: { board: pages[0], catalog: pages[1], thread: pages[2] },
  writes: writeRate
    ? { sent: writeRate * 20, statuses: { 201: writeRate * 20 }, rate: writeRate, p50: 5, p99: 9 }
    : undefined,
})

function results(mixed?: MixedLoadResult, board?: { p99: number; baseP99: number }): BenchResults {
  return {
    settings: { connections: 50 },
    http: board
      ? [
          {
            id: 'board',
            label: 'Board page (hot)',
            corkboard: { rps: 1000, p50: 5, p99: board.p99, failed: 0 },
            baselineLabel: 'node:http, same bytes',
            baseline: { rps: 2000, p50: 3, p99: board.baseP99 },
          },
        ]
      : [],
    mixed,
  } as unknown as BenchResults
}

const base = phase(null, [reads(1000, 10, null), reads(1000, 10, null), reads(1000, 10, null)])
const mixed = (at10: [MixedReads, MixedReads, MixedReads], at100: [MixedReads, MixedReads, MixedReads]) => ({
  seconds: 20,
  connections: 50,
  paths: { board: '/board/b', catalog: '/board/b/catalog', thread: '/board/b/thread/1' },
  phases: [phase(0, [reads(900, 12), reads(900, 12), reads(900, 12)]), phase(10, at10), phase(100, at100), base],
})

describe('mixed-load targets', () => {
  it('are met when every page keeps its share of the baseline', () => {
    const r = results(
      mixed([reads(500, 25), reads(450, 30), reads(400, 20)], [reads(250, 90), reads(300, 80), reads(200, 99)]),
      {
        p99: 19,
        baseP99: 10,
      },
    )
    expect(mixedLoadSection.targets!(r).map((t) => t.met)).toEqual([true, true, true])
  })

  it('are missed by the worst page: one slow page, one long tail, the baseline tail doubled', () => {
    const r = results(
      mixed([reads(500, 25), reads(399, 30), reads(400, 20)], [reads(250, 90), reads(300, 80), reads(199, 99)]),
      {
        p99: 21,
        baseP99: 10,
      },
    )
    const [tail, at10, at100] = mixedLoadSection.targets!(r)
    expect([tail.met, at10.met, at100.met]).toEqual([false, false, false])
    expect(at10.value).toBe('lowest 0.40×, p99 at most 3.00×')
    const longTail = results(
      mixed([reads(500, 31), reads(450, 30), reads(400, 20)], [reads(250, 90), reads(300, 80), reads(200, 99)]),
    )
    expect(mixedLoadSection.targets!(longTail)[1].met).toBe(false)
  })

  it('say "not measured" without the scenario, and print no table', () => {
    const targets = mixedLoadSection.targets!(results())
    expect(targets.map((t) => [t.value, t.met])).toEqual([
      ['not measured', null],
      ['not measured', null],
      ['not measured', null],
    ])
    expect(mixedLoadSection.tables!(results())).toEqual([])
  })

  it('print one row per phase and page, with the served-hot share and the replies created', () => {
    const r = results(
      mixed([reads(500, 25, 0.5), reads(450, 30), reads(400, 20)], [reads(250, 90), reads(300, 80), reads(200, 99)]),
    )
    const [t] = mixedLoadSection.tables!(r)
    const lines = t.markdown.split('\n').filter((l) => l.startsWith('| rate'))
    expect(lines).toHaveLength(16)
    expect(t.markdown).toContain('| rate 10 | /board/b | 500 |')
    expect(t.markdown).toContain('| 50 % |')
    expect(t.markdown).toContain('200 / 200 at 10/s')
  })
})
