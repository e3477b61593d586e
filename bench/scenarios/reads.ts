// Hot reads: each page or endpoint under load, then the raw baseline serving the bytes Corkboard gave for it.
import { BROWSER_HEADERS } from '../http'
import type { BenchPaths, BenchScenario } from './context'
import { throughput } from './context'

const JSON_HEADERS = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' }

export interface Read {
  id: keyof BenchPaths
  label: string
  headers: Record<string, string>
}

export const READS: Read[] = [
  { id: 'home', label: 'Home page (hot)', headers: BROWSER_HEADERS },
  { id: 'board', label: 'Board page (hot)', headers: BROWSER_HEADERS },
  { id: 'catalog', label: 'Catalog page (hot)', headers: BROWSER_HEADERS },
  { id: 'thread', label: 'Thread page, 300 posts (hot)', headers: BROWSER_HEADERS },
  { id: 'posts-api', label: 'GET …/posts, 300 posts (hot)', headers: JSON_HEADERS },
  { id: 'search', label: 'GET /api/search, two common words (uncached)', headers: JSON_HEADERS },
]

export const readScenarios: BenchScenario[] = READS.map((r) => ({
  id: r.id,
  async run(ctx) {
    const path = ctx.paths[r.id]
    const { connections, seconds } = ctx.settings
    ctx.log(`${r.label}: ${seconds} s at ${connections} connections, then the raw baseline`)
    const { c, b } = await ctx.measure({ url: path, connections, seconds, headers: r.headers }, ctx.baseline.url)
    ctx.results.http.push({
      id: r.id,
      label: r.label,
      corkboard: throughput(c),
      baselineLabel: 'node:http, same bytes',
      baseline: { rps: b.rps, p50: b.p50, p99: b.p99 },
      bytes: ctx.baseline.bytesOf(path),
    })
  },
}))
