// The growth bench's table: each figure's median per size with its ratio to the smallest size, and the verdict of
// the target (every page and API figure of the largest size within 1.5× of the smallest's). Written to its own
// section of docs/PERFORMANCE.md, one per database, between markers so a re-run replaces it.
import type { GrowthFigure, GrowthResult } from './growth-size'
import type { MachineInfo } from './machine'
import { formatMs, formatRatio, percentile, ratio } from './stats'
import { table } from './table'

export const GROWTH_TARGET = 1.5

interface Row {
  label: string
  value: (r: GrowthResult) => number
  format: (v: number) => string
  /** Page and API figures carry the target; the others are reported with their ratio only. */
  target: boolean
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  )
const ms = (figure: GrowthFigure) => (r: GrowthResult) => median(r.samples[figure])
const withMs = (v: number) => `${formatMs(v)} ms`

const ROWS: Row[] = [
  { label: 'Board page, cold', value: ms('board'), format: withMs, target: true },
  { label: 'Thread page (300 posts), cold', value: ms('thread'), format: withMs, target: true },
  { label: 'Catalog, cold', value: ms('catalog'), format: withMs, target: true },
  { label: 'Posts API (300 posts), uncached', value: ms('postsApi'), format: withMs, target: true },
  { label: 'Search, two common words', value: ms('search'), format: withMs, target: true },
  { label: 'Start-up (spawn → first answer)', value: ms('startup'), format: withMs, target: false },
  { label: 'Housekeeping run (past-retention threads)', value: ms('housekeeping'), format: withMs, target: false },
  { label: 'Housekeeping run (nothing to delete)', value: (r) => r.housekeepingIdleMs, format: withMs, target: false },
  {
    label: 'Database size',
    value: (r) => r.databaseBytes,
    format: (b) => `${(b / 1024 ** 2).toFixed(1)} MB`,
    target: false,
  },
]

function sizeLabel(n: number): string {
  if (n >= 1_000_000 && n % 1_000_000 === 0) return `${n / 1_000_000}M`
  if (n >= 1_000 && n % 1_000 === 0) return `${n / 1_000}k`
  return n.toLocaleString('en-US')
}

function rendered(results: GrowthResult[]): { text: string; markdown: string } {
  const [first] = results
  const last = results[results.length - 1]
  const head = ['Figure', ...results.map((r) => `${sizeLabel(r.size)} posts`), `Target ≤ ${GROWTH_TARGET}×`]
  const rows = ROWS.map((row) => {
    const base = row.value(first)
    const cells = results.map((r, i) => {
      const v = row.value(r)
      return i === 0 ? row.format(v) : `${row.format(v)} (${formatRatio(ratio(v, base))})`
    })
    const worst = ratio(row.value(last), base)
    const verdict =
      !row.target || results.length < 2 ? '–' : worst !== null && worst <= GROWTH_TARGET ? 'met' : 'NOT met'
    return [row.label, ...cells, verdict]
  })
  return table(head, rows, ['l', ...results.map(() => 'r' as const), 'l'])
}

function seedTable(results: GrowthResult[]): { text: string; markdown: string } {
  const head = [
    'Size',
    'Threads (archived / past retention)',
    'Bans / range bans',
    'Seeded in',
    'Search matches',
    'Load average',
  ]
  const rows = results.map((r) => [
    r.site.posts.toLocaleString('en-US'),
    `${r.site.threads.toLocaleString('en-US')} (${r.site.deadThreads.toLocaleString('en-US')} / ${r.site.expiredThreads})`,
    `${r.site.bans.toLocaleString('en-US')} / ${r.site.rangeBans}`,
    `${r.site.seconds.toFixed(0)} s`,
    r.searchTotal.toLocaleString('en-US'),
    r.loadAverage.map((l) => l.toFixed(1)).join(' '),
  ])
  return table(head, rows, ['r', 'r', 'r', 'r', 'r', 'l'])
}

export function growthTable(results: GrowthResult[]): string {
  return `${rendered(results).text}\n\n${seedTable(results).text}`
}

export function growthMarkdown(
  results: GrowthResult[],
  run: { date: string; machine: MachineInfo; loadAverageAtEnd: number[] },
): string {
  const { machine } = run
  const repetitions = results[0].samples.board.length
  const notMiss = results.reduce((n, r) => n + r.notMiss, 0)
  return [
    `Run of ${run.date.slice(0, 16).replace('T', ' ')} UTC on ${results[0].provider === 'postgresql' ? 'PostgreSQL' : 'SQLite'}: ` +
      `${machine.cpu}, ${machine.cores} cores, Node ${machine.node}; load average ${machine.loadAverage.join(' ')} at ` +
      `the start, ${run.loadAverageAtEnd.map((l) => l.toFixed(2)).join(' ')} at the end. Medians of ${repetitions} ` +
      `requests per figure (3 start-ups, 1 housekeeping run of each kind); in brackets the ratio to the smallest size.` +
      (notMiss ? ` ${notMiss} timed page requests were not cache misses.` : ''),
    '',
    rendered(results).markdown,
    '',
    seedTable(results).markdown,
  ].join('\n')
}

const markers = (provider: string) => [
  `<!-- bench:growth:${provider}:start -->`,
  `<!-- bench:growth:${provider}:end -->`,
]

/** Replaces the provider's growth table between its markers, leaving the hand-written text alone. */
export function replaceGrowthSection(doc: string, provider: string, section: string): string {
  const [startMarker, endMarker] = markers(provider)
  const start = doc.indexOf(startMarker)
  const end = doc.indexOf(endMarker)
  if (start < 0 || end < start) throw new Error(`docs/PERFORMANCE.md lacks the ${startMarker} … ${endMarker} markers`)
  return `${doc.slice(0, start + startMarker.length)}\n${section.trim()}\n${doc.slice(end)}`
}
