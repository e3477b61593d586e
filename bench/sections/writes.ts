// Writes: text replies from 20 concurrent posters with the server's CPU per reply, where an image reply's CPU goes
// beside a bare thumbnail's, and the issue-19 write targets (the image figure comes from the image-reply scenario,
// beside sharp's bare thumbnail rate in the same run).
import { type ProcessCpu, totalOf } from '../cpu-time'
import type { BenchResults } from '../report'
import { formatMs, formatRate, formatRatio, ratio } from '../stats'
import { table, type ReportTable, type Target } from '../table'
import type { ReportSection } from './index'

const TEXT_GOAL = 900
const IMAGE_GOAL = 0.8

const dbName = (r: BenchResults) => (r.database === 'sqlite' ? 'SQLite' : 'PostgreSQL')

export const writesSection: ReportSection = {
  tables(r: BenchResults): ReportTable[] {
    return [...textReplyTables(r), ...imageCpuTables(r)]
  },
  targets(r: BenchResults): Target[] {
    const w = r.writes
    const image = r.http.find((f) => f.id === 'image-reply')
    const x = image ? ratio(image.corkboard.rps, image.baseline.rps) : null
    return [
      {
        name: `Text replies, ${w?.posters ?? 20} posters (${dbName(r)})`,
        goal: `≥ ${formatRate(TEXT_GOAL)}/s`,
        value: w ? `${formatRate(w.rps)}/s, ${w.cpuMsPerReply.toFixed(2)} ms CPU per reply` : 'not measured',
        met: w ? w.rps >= TEXT_GOAL : null,
      },
      {
        name: `Image replies (${dbName(r)})`,
        goal: `≥ ${IMAGE_GOAL}× sharp's bare thumbnail rate`,
        value: image ? `${formatRatio(x)} (${formatRate(image.corkboard.rps)}/s)` : 'not measured',
        met: x === null ? null : x >= IMAGE_GOAL,
      },
    ]
  },
}

function textReplyTables(r: BenchResults): ReportTable[] {
  const w = r.writes
  if (!w) return []
  return [
    {
      title: `Text replies from ${w.posters} concurrent posters (${dbName(r)})`,
      ...table(
        ['Posters', 'replies/s', 'p50', 'p99', 'Server CPU per reply', 'Errors'],
        [
          [
            String(w.posters),
            formatRate(w.rps),
            formatMs(w.p50),
            formatMs(w.p99),
            `${w.cpuMsPerReply.toFixed(2)} ms`,
            String(w.failed),
          ],
        ],
        ['r', 'r', 'r', 'r', 'r', 'r'],
      ),
    },
  ]
}

/**
 * Where an image reply's CPU goes beside a bare thumbnail's. libvips' workers do the same work in both, so what the
 * ratio misses by is the rest: the main thread, libuv's pool and V8's helpers.
 */
function imageCpuTables(r: BenchResults): ReportTable[] {
  const cpu = r.imageReplyCpu
  if (!cpu) return []
  const row = (label: string, t: ProcessCpu) => [
    label,
    ms(t.main),
    ms(t.libvips),
    ms(t.other),
    ms(totalOf(t)),
    ms(t.kernel),
  ]
  return [
    {
      title: `Image replies: CPU by thread (the load generator beside them: ${ms(cpu.loadGenerator)} a reply)`,
      ...table(
        ['Process', 'Main thread', "libvips' workers", 'Other threads', 'All', 'Of it in the kernel'],
        [row('Corkboard, a reply', cpu.server), row("sharp's loop, a thumbnail", cpu.sharp)],
        ['l', 'r', 'r', 'r', 'r', 'r'],
      ),
    },
  ]
}

const ms = (value: number) => `${value.toFixed(2)} ms`
