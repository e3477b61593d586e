// The growth bench's table: medians per size, ratios to the smallest size, the 1.5× verdict for page and API
// figures only, and the replacement of one database's section of PERFORMANCE.md.
import { describe, expect, it } from 'vitest'
import { growthTable, replaceGrowthSection } from '@/bench/growth-report'
import type { GrowthResult } from '@/bench/growth-size'

function result(size: number, pageMs: number, housekeepingMs: number): GrowthResult {
  const samples = (ms: number) => [ms * 2, ms, ms / 2]
  return {
    size,
    provider: 'postgresql',
    site: {
      posts: size,
      threads: 10,
      deadThreads: 5,
      expiredThreads: 1,
      bans: 1,
      rangeBans: 2,
      fullThreads: [1],
      seconds: 3,
    },
    samples: {
      board: samples(pageMs),
      thread: samples(pageMs),
      catalog: samples(pageMs),
      postsApi: samples(pageMs),
      search: samples(pageMs),
      startup: samples(1000),
      housekeeping: samples(housekeepingMs),
    },
    housekeepingIdleMs: 10,
    housekeepingDeleted: 1,
    databaseBytes: size * 1000,
    searchTotal: 1000,
    notMiss: 0,
    loadAverage: [1, 1, 1],
  }
}

const boardRow = (text: string) => text.split('\n').find((l) => l.startsWith('Board page'))!
const housekeepingRow = (text: string) => text.split('\n').find((l) => l.startsWith('Housekeeping run (past'))!

describe('growth table', () => {
  it('shows the median and the ratio to the smallest size, and meets the target at 1.5× or less', () => {
    const text = growthTable([result(10_000, 100, 10), result(1_000_000, 150, 1000)])
    expect(boardRow(text)).toMatch(/100 ms +150 ms \(1\.50×\) +met/)
  })

  it('does not meet the target above 1.5×, and gives figures without a target no verdict', () => {
    const text = growthTable([result(10_000, 100, 10), result(1_000_000, 151, 1000)])
    expect(boardRow(text)).toMatch(/151 ms \(1\.51×\) +NOT met/)
    expect(housekeepingRow(text)).toMatch(/1000 ms \(100\.00×\) +–/)
  })
})

describe('replaceGrowthSection', () => {
  const doc = [
    'intro',
    '<!-- bench:growth:postgresql:start -->',
    'old pg',
    '<!-- bench:growth:postgresql:end -->',
    '<!-- bench:growth:sqlite:start -->',
    'old sqlite',
    '<!-- bench:growth:sqlite:end -->',
  ].join('\n')

  it("replaces only the given database's section", () => {
    const out = replaceGrowthSection(doc, 'sqlite', 'new table')
    expect(out).toContain('old pg')
    expect(out).not.toContain('old sqlite')
    expect(out).toContain('<!-- bench:growth:sqlite:start -->\nnew table\n<!-- bench:growth:sqlite:end -->')
  })

  it('refuses a document without the markers', () => {
    expect(() => replaceGrowthSection('no markers', 'sqlite', 'x')).toThrow(/markers/)
  })
})
