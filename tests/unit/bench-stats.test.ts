// The benchmark's pure helpers: percentiles, ratios and their formatting, the targets' verdicts, script discovery
// and the CPU profile summary.
import { describe, expect, it } from 'vitest'
import { multipart } from '@/bench/http'
import { scriptSources } from '@/bench/js-size'
import { packageOf, summariseProfile, type CpuProfile } from '@/bench/profile-summary'
import { replaceDocSection, DOC_END, DOC_START, type BenchResults } from '@/bench/report'
import { memorySection } from '@/bench/sections/memory'
import { parseServerMemory } from '@/bench/server-memory'
import { soakMemory } from '@/bench/soak'
import { distribution, formatMs, formatRate, formatRatio, percentile, ratio } from '@/bench/stats'
import { evaluateTargets } from '@/bench/targets-issue-7'

describe('percentile', () => {
  it('uses the nearest rank of a sorted list', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1)
    expect(percentile(values, 50)).toBe(50)
    expect(percentile(values, 99)).toBe(99)
    expect(percentile(values, 100)).toBe(100)
    expect(percentile(values, 0)).toBe(1)
    expect(percentile([7], 99)).toBe(7)
    expect(percentile([1, 2, 3], 50)).toBe(2)
    expect(percentile([], 50)).toBeNaN()
  })

  it('sorts for a distribution, whatever the order of the values', () => {
    expect(distribution([5, 1, 4, 2, 3, 10, 9, 8, 7, 6])).toEqual({ count: 10, p50: 5, p90: 9, p99: 10, max: 10 })
  })
})

describe('ratios and formatting', () => {
  it('divides by the baseline and refuses a missing or zero baseline', () => {
    expect(ratio(50, 200)).toBe(0.25)
    expect(ratio(50, 0)).toBeNull()
    expect(ratio(undefined, 10)).toBeNull()
    expect(ratio(NaN, 10)).toBeNull()
  })

  it('prints ratios, milliseconds and rates at a sensible precision', () => {
    expect(formatRatio(0.5)).toBe('0.50×')
    expect(formatRatio(1.234)).toBe('1.23×')
    expect(formatRatio(0.0421)).toBe('0.042×')
    expect(formatRatio(null)).toBe('–')
    expect(formatMs(0.4213)).toBe('0.42')
    expect(formatMs(4.26)).toBe('4.3')
    expect(formatMs(42.6)).toBe('43')
    expect(formatMs(NaN)).toBe('–')
    expect(formatRate(23456.7)).toBe('23,457')
    expect(formatRate(4.56)).toBe('4.6')
  })
})

function results(overrides: Partial<BenchResults> = {}): BenchResults {
  return {
    date: '2026-01-01T00:00:00.000Z',
    machine: { cpu: 'Test CPU', cores: 2, ramGb: 4, node: 'v20', os: 'Linux', loadAverage: [0, 0, 0] },
    database: 'sqlite',
    settings: {
      connections: 50,
      seconds: 10,
      warmUpSeconds: 2,
      coldRepetitions: 20,
      fanoutRepetitions: 5,
      fanoutWorkers: 4,
    },
    seed: { boards: 12, threads: 1200, posts: 180_000, seconds: 30, hotThread: '/board/science/thread/901' },
    http: [],
    cold: [],
    coldNotMiss: 0,
    fanout: [],
    ...overrides,
  }
}
const speed = (rps: number, p99: number) => ({ rps, p50: p99 / 2, p99, failed: 0 })

describe('targets', () => {
  it('reports unmeasured targets as neither met nor missed', () => {
    expect(evaluateTargets(results()).every((t) => t.met === null)).toBe(true)
  })

  it('needs both the ratio and the p99 bound for hot pages', () => {
    const targets = evaluateTargets(
      results({
        http: [
          { id: 'board', label: 'Board', corkboard: speed(6000, 8), baselineLabel: 'raw', baseline: { rps: 10_000 } },
          {
            id: 'thread',
            label: 'Thread',
            corkboard: speed(6000, 12),
            baselineLabel: 'raw',
            baseline: { rps: 10_000 },
          },
        ],
      }),
    )
    expect(targets.find((t) => t.name === 'Hot board page')?.met).toBe(true)
    expect(targets.find((t) => t.name === 'Hot thread page')?.met).toBe(false)
  })

  it('judges replies, fan-out and script size against their bounds', () => {
    const targets = evaluateTargets(
      results({
        http: [
          { id: 'text-reply', label: 'Text', corkboard: speed(999, 50), baselineLabel: 'raw', baseline: { rps: 5000 } },
          {
            id: 'image-reply',
            label: 'Image',
            corkboard: speed(40, 900),
            baselineLabel: 'sharp',
            baseline: { rps: 50 },
          },
        ],
        fanout: [
          {
            clients: 1000,
            connected: 1000,
            failedToConnect: 0,
            posts: 5,
            missing: 0,
            latencyMs: { count: 5000, p50: 10, p90: 20, p99: 300, max: 400 },
            rssConnectedMb: 100,
            rssPeakMb: 120,
          },
          {
            clients: 5000,
            connected: 5000,
            failedToConnect: 0,
            posts: 5,
            missing: 0,
            latencyMs: { count: 25000, p50: 50, p90: 90, p99: 150, max: 190 },
            rssConnectedMb: 250,
            rssPeakMb: 280,
          },
        ],
        js: { page: '/board/x/thread/1', scripts: [], totalBytes: 500_000, totalGzipBytes: 151 * 1024 },
      }),
    )
    const met = Object.fromEntries(targets.map((t) => [t.name, t.met]))
    expect(met['Text replies (SQLite)']).toBe(false)
    expect(met['Image replies']).toBe(true)
    expect(met['5,000 sockets fan-out']).toBe(true)
    expect(met['Thread page JavaScript']).toBe(false)
  })
})

describe('soak verdict', () => {
  const minute = (n: number, rssMb: number, readP99: number, serverErrors = 0) => ({
    minute: n,
    reads: 1000,
    readP50: 1,
    readP99,
    writes: 300,
    writeP99: 100,
    serverErrors,
    refused: {},
    rssMb,
    socketsConnected: 200,
    eventsDelivered: 2000,
  })
  const soak = (minutes: ReturnType<typeof minute>[]) => ({
    options: {
      threadBoard: 'diy',
      minutes: minutes.length,
      readers: 20,
      sockets: 200,
      textPerSecond: 5,
      imagePerSecond: 0.5,
      threadEverySeconds: 20,
    },
    minutes,
  })
  const verdict = (r: ReturnType<typeof soak>) =>
    evaluateTargets(results({ soak: r })).find((t) => t.name.startsWith('Soak'))!

  it('is met when nothing failed and memory and p99 stay flat after the first minute', () => {
    expect(verdict(soak([minute(1, 300, 80), minute(2, 400, 40), minute(3, 410, 45), minute(4, 420, 50)])).met).toBe(
      true,
    )
  })

  it('is missed on a single server error, on growing memory, or on a growing tail', () => {
    expect(verdict(soak([minute(1, 300, 40), minute(2, 400, 40), minute(3, 400, 40, 1)])).met).toBe(false)
    expect(verdict(soak([minute(1, 300, 40), minute(2, 400, 40), minute(3, 480, 40)])).met).toBe(false)
    expect(verdict(soak([minute(1, 300, 40), minute(2, 400, 40), minute(3, 400, 120)])).met).toBe(false)
  })
})

describe('memory targets', () => {
  const room = (rssPeakMb: number, connected = 5000) => ({
    clients: 5000,
    connected,
    failedToConnect: 5000 - connected,
    posts: 5,
    missing: 0,
    latencyMs: { count: 25000, p50: 50, p90: 90, p99: 150, max: 190 },
    rssConnectedMb: rssPeakMb - 5,
    rssPeakMb,
  })
  const minute = (n: number, rssMb: number, rssMaxMb: number) => ({
    minute: n,
    reads: 1000,
    readP50: 1,
    readP99: 10,
    writes: 300,
    writeP99: 100,
    serverErrors: 0,
    refused: {},
    rssMb,
    rssMaxMb,
    socketsConnected: 200,
    eventsDelivered: 2000,
  })
  const soak = (rss: [number, number][]) => ({
    options: {
      threadBoard: 'diy',
      minutes: rss.length,
      readers: 100,
      posters: 10,
      sockets: 200,
      textPerSecond: 5,
      imagePerSecond: 0.5,
      threadEverySeconds: 20,
    },
    minutes: rss.map(([end, max], i) => minute(i + 1, end, max)),
  })
  const verdicts = (r: Partial<BenchResults>) =>
    Object.fromEntries(memorySection.targets!(results(r)).map((t) => [t.name, t.met]))

  it('bounds the 5,000-socket room by its peak RSS, all clients connected', () => {
    expect(verdicts({ fanout: [room(300)] })['Memory: a 5,000-socket thread room']).toBe(true)
    expect(verdicts({ fanout: [room(301)] })['Memory: a 5,000-socket thread room']).toBe(false)
    expect(verdicts({ fanout: [room(250, 4990)] })['Memory: a 5,000-socket thread room']).toBe(false)
    expect(verdicts({})['Memory: a 5,000-socket thread room']).toBeNull()
  })

  it('bounds the soak by its highest sample and its growth after the warm-up minutes', () => {
    // Ten minutes: the warm-up is the first two; growth compares the last minute's highest sample with the second's.
    const flat = soak([[250, 300], [330, 350], ...Array.from({ length: 8 }, (): [number, number] => [340, 380])])
    expect(verdicts({ soak: flat })).toMatchObject({
      'Memory: soak peak': true,
      'Memory: soak growth after warm-up': true,
    })
    const peak = soak([
      [250, 300],
      [330, 350],
      [340, 420],
      ...Array.from({ length: 7 }, (): [number, number] => [340, 380]),
    ])
    expect(verdicts({ soak: peak })['Memory: soak peak']).toBe(false)
    const growing = soak([
      [250, 300],
      [330, 350],
      ...Array.from({ length: 8 }, (_, i): [number, number] => [340, 350 + i * 4]),
    ])
    expect(soakMemory(growing)!.growth).toBeCloseTo(378 / 350 - 1)
    expect(verdicts({ soak: growing })['Memory: soak growth after warm-up']).toBe(true)
    const leaking = soak([
      [250, 300],
      [330, 350],
      ...Array.from({ length: 8 }, (_, i): [number, number] => [340, 350 + i * 6]),
    ])
    expect(verdicts({ soak: leaking })['Memory: soak growth after warm-up']).toBe(false)
  })
})

describe('parseServerMemory', () => {
  it('reads the unlabelled heap, external, page-cache and fragment-cache series of a metrics answer, NaN for a missing one', () => {
    const text = [
      '# HELP nodejs_heap_size_used_bytes Process heap size used from Node.js in bytes.',
      'nodejs_heap_size_used_bytes 104857600',
      'nodejs_heap_size_total_bytes 157286400',
      'nodejs_heap_space_size_used_bytes{space="old"} 52428800',
      'corkboard_page_cache_bytes 2097152',
      'corkboard_page_cache_entries 3',
      'corkboard_html_fragment_cache_bytes 5242880',
    ].join('\n')
    const m = parseServerMemory(text)
    expect(m).toMatchObject({
      heapUsedMb: 100,
      heapTotalMb: 150,
      pageCacheMb: 2,
      pageCacheEntries: 3,
      fragmentCacheMb: 5,
    })
    expect(m.externalMb).toBeNaN()
  })
})

describe('PERFORMANCE.md section', () => {
  it('replaces only the text between the markers', () => {
    const doc = `# Title\n\nintro\n${DOC_START}\nold table\n${DOC_END}\n\n## Sizing\nkept\n`
    expect(replaceDocSection(doc, 'new table\n')).toBe(
      `# Title\n\nintro\n${DOC_START}\nnew table\n${DOC_END}\n\n## Sizing\nkept\n`,
    )
    expect(() => replaceDocSection('# no markers', 'x')).toThrow(/markers/)
  })
})

describe('scriptSources', () => {
  it('lists each external script once, in document order, and skips inline and nomodule scripts', () => {
    const html =
      '<script src="/_next/static/chunks/a.js" async=""></script><script>inline()</script>' +
      '<script src="/_next/static/chunks/polyfills.js" noModule=""></script>' +
      '<script async src="/_next/static/chunks/b.js?x=1&amp;y=2"></script><script src="/_next/static/chunks/a.js"></script>'
    expect(scriptSources(html)).toEqual(['/_next/static/chunks/a.js', '/_next/static/chunks/b.js?x=1&y=2'])
  })
})

describe('multipart', () => {
  it('builds a body that the platform parser reads back', async () => {
    const { body, contentType } = multipart(
      { content: 'hello' },
      { field: 'image', name: 'a.jpg', type: 'image/jpeg', bytes: Buffer.from([1, 2, 3]) },
    )
    const form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData()
    expect(form.get('content')).toBe('hello')
    const file = form.get('image') as File
    expect(file.name).toBe('a.jpg')
    expect([...new Uint8Array(await file.arrayBuffer())]).toEqual([1, 2, 3])
  })
})

describe('CPU profile summary', () => {
  const frame = (functionName: string, url: string) => ({
    functionName,
    url,
    lineNumber: 0,
    columnNumber: 0,
    scriptId: '0',
  })
  const profile: CpuProfile = {
    startTime: 1_000,
    nodes: [
      { id: 1, callFrame: frame('(root)', '') },
      { id: 2, callFrame: frame('renderToString', 'file:///app/node_modules/react-dom/cjs/server.js') },
      { id: 3, callFrame: frame('listThreadPosts', `file://${process.cwd()}/lib/threads/queries.ts`) },
      { id: 4, callFrame: frame('(idle)', '') },
      { id: 5, callFrame: frame('(garbage collector)', '') },
    ],
    samples: [2, 2, 3, 4, 5, 2],
    timeDeltas: [1000, 1000, 2000, 50_000, 1000, 1000],
  }

  it('ranks self time by function and package, leaving out idle time', () => {
    const summary = summariseProfile(profile)
    expect(summary.totalMs).toBe(6)
    expect(summary.packages.map((p) => [p.name, p.ms])).toEqual([
      ['react-dom', 3],
      ['app: lib/threads', 2],
      ['GC', 1],
    ])
    expect(summary.functions[0]).toMatchObject({ name: 'renderToString cjs/server.js:1', ms: 3, share: 0.5 })
  })

  it('keeps only the samples inside its windows', () => {
    // Samples land at 2000, 3000, 5000, 55000, 56000, 57000 µs.
    expect(summariseProfile(profile, 15, [{ fromUs: 2500, toUs: 56_500 }]).totalMs).toBe(4)
    expect(
      summariseProfile(profile, 15, [
        { fromUs: 1500, toUs: 2500 },
        { fromUs: 55_500, toUs: 57_000 },
      ]).totalMs,
    ).toBe(3)
  })

  it('names packages, scoped packages, Node and the app', () => {
    expect(packageOf('file:///x/node_modules/@prisma/client/runtime/client.js', 'f')).toBe('@prisma/client')
    expect(packageOf('node:internal/streams', 'f')).toBe('node core')
    expect(packageOf('file:///x/.next/server/chunks/ssr/abc.js', 'f')).toBe('app bundle (.next/server)')
    expect(packageOf('', '(garbage collector)')).toBe('GC')
    expect(packageOf('file:///srv/corkboard/lib/page-cache/serve.ts', 'f', '/srv/corkboard')).toBe(
      'app: lib/page-cache',
    )
    expect(packageOf('file:///srv/corkboard/server.ts', 'f', '/srv/corkboard')).toBe('app: server.ts')
  })
})
