// The results of a run: their JSON shape, and the tables printed to the terminal and written to bench/results/ and
// docs/PERFORMANCE.md (the issue-7 targets come from targets-issue-7.ts, later ones from sections/). Pure: tested in
// tests/unit.
import type { BannedFileCost } from './banned-file-cost'
import type { CaptchaCost } from './captcha-cost'
import type { ProcessCpu } from './cpu-time'
import type { FanoutResult } from './fanout'
import type { FilterCost } from './filter-cost'
import type { ScriptSizes } from './js-size'
import type { MachineInfo } from './machine'
import type { MixedLoadResult } from './scenarios/mixed-load'
import { SECTIONS } from './sections/index'
import type { SoakResult } from './soak'
import { distribution, formatMs, formatRate, formatRatio, ratio, type Distribution } from './stats'
import { table, verdict, type ReportTable } from './table'
import { evaluateTargets } from './targets-issue-7'

export interface Throughput {
  rps: number
  p50: number
  p99: number
  failed: number
}

/** Text replies from concurrent posters, with the server's CPU (user + system) per answered reply. */
export interface WriteFigures {
  posters: number
  rps: number
  p50: number
  p99: number
  failed: number
  cpuMsPerReply: number
}

/** Where the CPU of an image reply goes, beside sharp's loop's per thumbnail (bench/scenarios/image-reply.ts), in ms. */
export interface ImageReplyCpu {
  server: ProcessCpu
  sharp: ProcessCpu
  /** The load generator's CPU per reply: it shares the cores with the server, where sharp's loop has them alone. */
  loadGenerator: number
}

export interface HttpFigure {
  /** The scenario's id (bench/scenarios/): the report looks figures up by it. */
  id: string
  label: string
  corkboard: Throughput
  baselineLabel: string
  /** Raw baseline: the minimal server with the same bytes, or sharp's bare thumbnail rate (no latencies). */
  baseline: { rps: number; p50?: number; p99?: number }
  bytes?: number
}

/** A public API read hot (page cache) and uncached (PAGE_CACHE_MB=0), with the server's CPU per uncached answer. */
export interface ApiReadFigure {
  id: string
  label: string
  path: string
  /** The answer's size, uncompressed. */
  bytes: number
  hotRps: number
  uncachedRps: number
  uncachedP50: number
  cpuMsPerRequest: number
  /** The same with no compression asked (Accept-Encoding: identity): what the answer costs without the compressor. */
  cpuMsIdentity?: number
  /** Uncached answers other than 2xx. */
  failed: number
}

export interface ColdFigure {
  id: 'board' | 'thread'
  label: string
  ms: Distribution & { median: number }
  bytes: number
  /** The server main thread's CPU per request (absent in results from before it was measured). */
  cpuMs?: Distribution & { median: number }
}

/** The run's options (bench/run.ts). Fields added later are optional, so older result files still read. */
export interface BenchSettings {
  connections: number
  seconds: number
  warmUpSeconds: number
  coldRepetitions: number
  fanoutRepetitions: number
  fanoutWorkers: number
  soakMinutes?: number
  fanoutSizes?: number[]
  mixedSeconds?: number
}

export interface BenchResults {
  date: string
  machine: MachineInfo
  database: 'sqlite' | 'postgresql'
  settings: BenchSettings
  seed: { boards: number; threads: number; posts: number; seconds: number; hotThread: string }
  http: HttpFigure[]
  cold: ColdFigure[]
  coldNotMiss: number
  fanout: FanoutResult[]
  js?: ScriptSizes & { page: string }
  /** The word filters' cost per post, measured in the bench process. */
  filters?: FilterCost
  /** The banned-file check's cost per image upload, measured in the bench process. */
  bannedFiles?: BannedFileCost
  /** The captcha's cost per post on the server (issuing a challenge, checking a solution), in the bench process. */
  captcha?: CaptchaCost
  soak?: SoakResult
  /** Text replies from 20 concurrent posters with the server's CPU per reply (bench/scenarios/text-reply-20.ts). */
  writes?: WriteFigures
  /** The image-reply scenario's CPU by thread, beside sharp's loop's (absent in results from before stop 51). */
  imageReplyCpu?: ImageReplyCpu
  /** Readers of one board while writers post into it, beside the static baseline (bench/scenarios/mixed-load.ts). */
  mixed?: MixedLoadResult
  /** bench/scenarios/api-reads.ts */
  apiReads?: ApiReadFigure[]
  /** Server RSS right after start, after the HTTP scenarios, and in the fresh process the fan-out runs on. */
  serverRssStartMb?: number
  serverRssAfterLoadMb?: number
  serverRssIdleMb?: number
  loadAverageAtEnd?: number[]
}

const KB = 1024

export function coldFigure(
  id: ColdFigure['id'],
  label: string,
  samples: number[],
  bytes: number,
  cpuSamples: number[],
): ColdFigure {
  const withMedian = (d: Distribution) => ({ ...d, median: d.p50 })
  return { id, label, ms: withMedian(distribution(samples)), bytes, cpuMs: withMedian(distribution(cpuSamples)) }
}

const mb = (value: number | undefined) => (value === undefined ? '?' : `${Math.round(value)} MB`)
/** The run's tables, for the terminal (text) and for PERFORMANCE.md (markdown). */
export function renderTables(r: BenchResults): ReportTable[] {
  const out: ReportTable[] = []
  const httpRows = r.http.map((f) => [
    f.label,
    formatRate(f.corkboard.rps),
    formatMs(f.corkboard.p50),
    formatMs(f.corkboard.p99),
    f.baselineLabel,
    formatRate(f.baseline.rps),
    formatMs(f.baseline.p50),
    formatMs(f.baseline.p99),
    formatRatio(ratio(f.corkboard.rps, f.baseline.rps)),
    f.corkboard.failed ? String(f.corkboard.failed) : '0',
  ])
  out.push({
    title: `HTTP at ${r.settings.connections} connections, ${r.settings.seconds} s each (req/s, latency in ms)`,
    ...table(['Scenario', 'req/s', 'p50', 'p99', 'Raw baseline', 'req/s', 'p50', 'p99', 'Ratio', 'Errors'], httpRows, [
      'l',
      'r',
      'r',
      'r',
      'l',
      'r',
      'r',
      'r',
      'r',
      'r',
    ]),
  })
  out.push({
    title: `Cold renders: first request after an invalidating reply (${r.settings.coldRepetitions} repetitions, ms)`,
    ...table(
      ['Page', 'Median', 'p90', 'Max', 'Server CPU: median', 'p90', 'Size (br)'],
      r.cold.map((c) => [
        c.label,
        formatMs(c.ms.median),
        formatMs(c.ms.p90),
        formatMs(c.ms.max),
        c.cpuMs ? formatMs(c.cpuMs.median) : '–',
        c.cpuMs ? formatMs(c.cpuMs.p90) : '–',
        `${(c.bytes / KB).toFixed(1)} KB`,
      ]),
      ['l', 'r', 'r', 'r', 'r', 'r', 'r'],
    ),
  })
  out.push({
    title:
      `Live fan-out: POST → post_created at each client (${r.settings.fanoutRepetitions} posts per size, ms); ` +
      `server RSS ${mb(r.serverRssStartMb)} after start and ${mb(r.serverRssAfterLoadMb)} after the HTTP scenarios; ` +
      `the fan-out runs on a fresh process (${mb(r.serverRssIdleMb)} before the sockets)`,
    ...table(
      ['Clients', 'Connected', 'p50', 'p90', 'p99', 'Max', 'Missing', 'Server RSS connected → peak'],
      r.fanout.map((f) => [
        f.clients.toLocaleString('en-US'),
        f.connected.toLocaleString('en-US'),
        formatMs(f.latencyMs.p50),
        formatMs(f.latencyMs.p90),
        formatMs(f.latencyMs.p99),
        formatMs(f.latencyMs.max),
        String(f.missing),
        `${mb(f.rssConnectedMb)} → ${mb(f.rssPeakMb)}`,
      ]),
      ['r', 'r', 'r', 'r', 'r', 'r', 'r', 'l'],
    ),
  })
  if (r.js) {
    out.push({
      title: `JavaScript of the thread page (${r.js.page})`,
      ...table(
        ['Scripts', 'Raw', 'Gzipped'],
        [
          [
            String(r.js.scripts.length),
            `${(r.js.totalBytes / KB).toFixed(1)} KB`,
            `${(r.js.totalGzipBytes / KB).toFixed(1)} KB`,
          ],
        ],
        ['r', 'r', 'r'],
      ),
    })
  }
  if (r.soak) {
    const o = r.soak.options
    out.push({
      title: `Soak: ${o.readers} readers, ${o.textPerSecond} text and ${o.imagePerSecond} image replies/s, a thread every ${o.threadEverySeconds} s, ${o.sockets} sockets (per minute)`,
      ...table(
        [
          'Minute',
          'Reads',
          'Read p50',
          'Read p99',
          'Writes',
          'Write p99',
          '5xx/failed',
          'Refused',
          'RSS',
          'Sockets',
          'Events',
        ],
        r.soak.minutes.map((m) => [
          String(m.minute),
          String(m.reads),
          formatMs(m.readP50),
          formatMs(m.readP99),
          String(m.writes),
          formatMs(m.writeP99),
          String(m.serverErrors),
          Object.entries(m.refused)
            .map(([s, n]) => `${n}×${s}`)
            .join(' ') || '0',
          mb(m.rssMb),
          String(m.socketsConnected),
          String(m.eventsDelivered),
        ]),
        ['r', 'r', 'r', 'r', 'r', 'r', 'r', 'l', 'r', 'r', 'r'],
      ),
    })
  }
  for (const section of SECTIONS) out.push(...(section.tables?.(r) ?? []))
  out.push({
    title: 'Targets (issue 7)',
    ...table(
      ['Target', 'Goal', 'Measured', 'Verdict'],
      evaluateTargets(r).map((t) => [t.name, t.goal, t.value, verdict(t.met)]),
      ['l', 'l', 'l', 'l'],
    ),
  })
  const later = SECTIONS.flatMap((section) => section.targets?.(r) ?? [])
  if (later.length)
    out.push({
      title: 'Targets (issue 19)',
      ...table(
        ['Target', 'Goal', 'Measured', 'Verdict'],
        later.map((t) => [t.name, t.goal, t.value, verdict(t.met)]),
        ['l', 'l', 'l', 'l'],
      ),
    })
  return out
}

export function machineLine(r: BenchResults): string {
  const m = r.machine
  return (
    `${r.date.slice(0, 16).replace('T', ' ')} UTC · ${m.cpu}, ${m.cores} cores, ${m.ramGb} GB RAM · Node ${m.node} · ${m.os} · ` +
    `${r.database === 'sqlite' ? 'SQLite' : 'PostgreSQL'} · load average (1/5/15 min) at start ${m.loadAverage.join(' / ')}` +
    (r.loadAverageAtEnd ? `, at end ${r.loadAverageAtEnd.join(' / ')}` : '')
  )
}

export function resultsMarkdown(r: BenchResults): string {
  const seed =
    `Seeded: ${r.seed.boards} boards × ${r.seed.threads / r.seed.boards} threads, ${r.seed.posts.toLocaleString('en-US')} posts ` +
    `(${r.seed.seconds.toFixed(0)} s); thread page figures use ${r.seed.hotThread} (300 posts).`
  return [
    `Run of ${machineLine(r)}.`,
    '',
    seed,
    '',
    ...renderTables(r).flatMap((t) => [`**${t.title}**`, '', t.markdown, '']),
  ].join('\n')
}

export const DOC_START = '<!-- bench:results:start -->'
export const DOC_END = '<!-- bench:results:end -->'

/** Replaces the generated section between the markers of PERFORMANCE.md, leaving the hand-written text alone. */
export function replaceDocSection(doc: string, section: string): string {
  const start = doc.indexOf(DOC_START)
  const end = doc.indexOf(DOC_END)
  if (start < 0 || end < start) throw new Error(`docs/PERFORMANCE.md lacks the ${DOC_START} … ${DOC_END} markers`)
  return `${doc.slice(0, start + DOC_START.length)}\n${section.trim()}\n${doc.slice(end)}`
}
