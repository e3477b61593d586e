// Text replies from 20 concurrent posters rotating over every thread: replies per second, latency, and the server's
// CPU per reply (its user + system time over the measured seconds, divided by the replies answered), the figure
// that decides how many replies one core can take whatever else the machine is doing.
import { cpuMs } from '../cpu-time'
import { runLoad, settle, type LoadOptions } from '../http-load'
import type { WriteFigures } from '../report'
import { describe, replyHeaders, type BenchScenario } from './context'

export const WRITE_POSTERS = 20

export const textReply20Scenario: BenchScenario = {
  id: 'text-reply-20',
  async run(ctx) {
    const { seconds, warmUpSeconds } = ctx.settings
    ctx.log(`text replies: ${seconds} s at ${WRITE_POSTERS} posters, with the server's CPU per reply`)
    const pid = ctx.server.proc.pid!
    const load: LoadOptions = {
      url: ctx.server.url + ctx.nextThread(),
      method: 'POST',
      body: ctx.text.body,
      headers: replyHeaders(ctx.text.contentType),
      connections: WRITE_POSTERS,
      seconds: warmUpSeconds,
      next: () => ({ path: ctx.nextThread() }),
    }
    // Warm-up first, on its own, so the CPU reading covers only the measured run.
    if (warmUpSeconds > 0) {
      await runLoad(load)
      await settle(load.url)
    }
    const cpuBefore = cpuMs(pid)
    const c = await runLoad({ ...load, seconds })
    // Read before settling: the replies in flight at the end balance those in flight at the start.
    const cpu = cpuMs(pid) - cpuBefore
    await settle(load.url)
    const figures: WriteFigures = {
      posters: WRITE_POSTERS,
      rps: c.rps,
      p50: c.p50,
      p99: c.p99,
      failed: c.failed,
      cpuMsPerReply: c.ok ? cpu / c.ok : NaN,
    }
    ctx.log(`  corkboard ${describe(c)}, server CPU ${figures.cpuMsPerReply.toFixed(2)} ms per reply`)
    ctx.results.writes = figures
  },
}
