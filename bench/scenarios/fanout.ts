// Socket fan-out: thousands of socket.io clients in one thread room, on a fresh process so its RSS shows what the
// sockets cost rather than the heap the HTTP load left behind.
import { rssMb, runFanout } from '../fanout'
import { BROWSER_HEADERS, rawRequest } from '../http'
import { BENCH_METRICS_TOKEN, readServerMemory } from '../server-memory'
import type { BenchScenario } from './context'

export const fanoutScenario: BenchScenario = {
  id: 'fanout',
  async run(ctx) {
    ctx.results.serverRssAfterLoadMb = rssMb(ctx.server.proc.pid!)
    const server = await ctx.restart()
    await rawRequest(server.url + ctx.paths.thread, { headers: BROWSER_HEADERS })
    ctx.results.serverRssIdleMb = rssMb(server.proc.pid!)
    const room = ctx.fanoutThread
    const sizes = ctx.settings.fanoutSizes
    ctx.log(
      `fan-out: ${sizes.join(' then ')} clients in room ${room.boardId}-${room.threadId}, ${ctx.settings.fanoutRepetitions} posts each`,
    )
    ctx.results.fanout = await runFanout({
      url: server.url,
      serverPid: server.proc.pid!,
      boardId: room.boardId,
      threadId: room.threadId,
      sizes,
      repetitions: ctx.settings.fanoutRepetitions,
      workers: ctx.settings.fanoutWorkers,
      memory: () => readServerMemory(server.url, BENCH_METRICS_TOKEN),
    })
  },
}
