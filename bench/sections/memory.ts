// Memory (issue 19): a 5,000-socket thread room and the soak's resident memory against their bounds, with the
// server's own account of its heap and page cache beside the RSS read from /proc.
import type { BenchResults } from '../report'
import type { ServerMemory } from '../server-memory'
import { soakMemory, soakWarmupMinutes } from '../soak'
import { table, type ReportTable, type Target } from '../table'
import type { ReportSection } from './index'

const SOCKETS_RSS_MB = 300
const SOAK_RSS_MB = 400
const SOAK_GROWTH = 0.1

const mb = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? '?' : `${Math.round(n)} MB`)
const heap = (m: ServerMemory | null | undefined) => (m ? `${mb(m.heapUsedMb)} / ${mb(m.heapTotalMb)}` : '–')
const cache = (m: ServerMemory | null | undefined) =>
  m ? `${mb(m.pageCacheMb)} (${Number.isNaN(m.pageCacheEntries) ? '?' : m.pageCacheEntries} pages)` : '–'

function tables(r: BenchResults): ReportTable[] {
  const out: ReportTable[] = []
  if (r.fanout.length) {
    const idle = r.serverRssIdleMb
    out.push({
      title: `Memory with sockets in one thread room (fresh process, ${mb(idle)} before the first socket)`,
      ...table(
        ['Sockets', 'RSS connected', 'RSS peak', 'Per socket', 'Heap used / total', 'External', 'Page cache'],
        r.fanout.map((f) => [
          f.clients.toLocaleString('en-US'),
          mb(f.rssConnectedMb),
          mb(f.rssPeakMb),
          idle !== undefined ? `${(((f.rssConnectedMb - idle) * 1024) / f.connected).toFixed(1)} KB` : '?',
          heap(f.memoryConnected),
          f.memoryConnected ? mb(f.memoryConnected.externalMb) : '–',
          cache(f.memoryConnected),
        ]),
        ['r', 'r', 'r', 'r', 'r', 'r', 'r'],
      ),
    })
  }
  if (r.soak) {
    const warmup = soakWarmupMinutes(r.soak.minutes.length)
    out.push({
      title: `Memory during the soak (warm-up: ${warmup === 1 ? 'the first minute' : `the first ${warmup} minutes`})`,
      ...table(
        ['Minute', 'RSS end', 'RSS max', 'Heap used / total', 'External', 'Page cache'],
        r.soak.minutes.map((m) => [
          String(m.minute),
          mb(m.rssMb),
          mb(m.rssMaxMb),
          heap(m.memory),
          m.memory ? mb(m.memory.externalMb) : '–',
          cache(m.memory),
        ]),
        ['r', 'r', 'r', 'r', 'r', 'r'],
      ),
    })
  }
  return out
}

function targets(r: BenchResults): Target[] {
  const room = r.fanout.find((f) => f.clients === 5000)
  const soak = r.soak ? soakMemory(r.soak) : null
  return [
    {
      name: 'Memory: a 5,000-socket thread room',
      goal: `server RSS ≤ ${SOCKETS_RSS_MB} MB`,
      value: room ? `${mb(room.rssPeakMb)} at the peak, ${mb(room.rssConnectedMb)} connected` : 'not measured',
      met: room ? room.rssPeakMb <= SOCKETS_RSS_MB && room.connected === room.clients : null,
    },
    {
      name: 'Memory: soak peak',
      goal: `server RSS ≤ ${SOAK_RSS_MB} MB`,
      value: soak ? mb(soak.peakMb) : 'not measured',
      met: soak ? soak.peakMb <= SOAK_RSS_MB : null,
    },
    {
      name: 'Memory: soak growth after warm-up',
      goal: `≤ ${SOAK_GROWTH * 100} %`,
      value: soak
        ? `${soak.growth >= 0 ? '+' : ''}${(soak.growth * 100).toFixed(1)} % (${mb(soak.warmMb)} → ${mb(soak.lastMb)})`
        : 'not measured',
      met: soak ? soak.growth <= SOAK_GROWTH : null,
    },
  ]
}

export const memorySection: ReportSection = { tables, targets }
