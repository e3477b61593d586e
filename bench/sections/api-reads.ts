// The public API reads (bench/scenarios/api-reads.ts): hot against uncached throughput, and the server's CPU time
// per uncached answer. Targets: every read at least 10× its uncached rate when hot, and the board's thread list
// (100 threads with previews) at most 2 ms of server CPU uncached.
import type { ReportSection } from './index'
import { formatMs, formatRate, formatRatio, ratio } from '../stats'
import { table, type ReportTable, type Target } from '../table'

const HOT_OVER_UNCACHED = 10
const THREADS_CPU_MS = 2
const KB = 1024

export const apiReadsSection: ReportSection = {
  tables(r): ReportTable[] {
    if (!r.apiReads?.length) return []
    const rows = r.apiReads.map((f) => [
      f.label,
      `${(f.bytes / KB).toFixed(1)} KB`,
      formatRate(f.hotRps),
      formatRate(f.uncachedRps),
      formatRatio(ratio(f.hotRps, f.uncachedRps)),
      formatMs(f.cpuMsPerRequest),
      f.cpuMsIdentity === undefined ? '–' : formatMs(f.cpuMsIdentity),
    ])
    const head = [
      'API read',
      'Size',
      'Hot req/s',
      'Uncached req/s',
      'Hot ÷ uncached',
      'Uncached CPU ms/req',
      '… no compression asked',
    ]
    return [
      {
        title: 'Public API reads: page cache against PAGE_CACHE_MB=0 (server CPU per uncached request)',
        ...table(head, rows, ['l', 'r', 'r', 'r', 'r', 'r', 'r']),
      },
    ]
  },
  targets(r): Target[] {
    const reads = r.apiReads
    // A read with no uncached answer in the measured time has no ratio: it cannot be the lowest.
    const measured = (reads ?? []).filter((f) => ratio(f.hotRps, f.uncachedRps) !== null)
    const slowest = measured.length
      ? measured.reduce((a, b) => (ratio(a.hotRps, a.uncachedRps)! <= ratio(b.hotRps, b.uncachedRps)! ? a : b))
      : undefined
    const slowestRatio = slowest ? ratio(slowest.hotRps, slowest.uncachedRps) : null
    const threads = reads?.find((f) => f.id === 'threads')
    return [
      {
        name: 'Every public API read, hot ÷ uncached',
        goal: `≥ ${HOT_OVER_UNCACHED}×`,
        value: slowest ? `lowest ${formatRatio(slowestRatio)} (${slowest.label})` : '–',
        met: slowestRatio === null ? null : slowestRatio >= HOT_OVER_UNCACHED,
      },
      {
        name: 'GET …/threads uncached, 100 threads with previews: server CPU',
        goal: `≤ ${THREADS_CPU_MS} ms per request`,
        // Judged as browsers ask for it (compressed); the figure without the compressor beside it.
        value: threads
          ? `${formatMs(threads.cpuMsPerRequest)} ms` +
            (threads.cpuMsIdentity === undefined ? '' : ` (${formatMs(threads.cpuMsIdentity)} ms uncompressed)`)
          : '–',
        met: threads ? threads.cpuMsPerRequest <= THREADS_CPU_MS : null,
      },
    ]
  },
}
