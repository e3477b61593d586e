// Cold renders against issue 19's goals: the server time of the first thread and board page after a reply, read as
// the CPU its main thread spent answering (the cold table in report.ts has the same requests seen from the client).
import type { BenchResults } from '../report'
import { formatMs } from '../stats'
import type { Target } from '../table'
import type { ReportSection } from './index'

const GOALS = { thread: 15, board: 20 } as const

export const coldRendersSection: ReportSection = {
  targets(r: BenchResults): Target[] {
    return (['thread', 'board'] as const).map((id) => {
      const cpu = r.cold.find((c) => c.id === id)?.cpuMs
      return {
        name:
          id === 'thread' ? 'Cold render after one reply: thread of 300 posts' : 'Cold render after one reply: board',
        goal: `≤ ${GOALS[id]} ms server time (main thread CPU, median)`,
        value: cpu ? `${formatMs(cpu.median)} ms (p90 ${formatMs(cpu.p90)} ms)` : 'not measured',
        met: cpu ? cpu.median <= GOALS[id] : null,
      }
    })
  },
}
