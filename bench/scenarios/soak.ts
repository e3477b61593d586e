// The soak: minutes of readers, posters and sockets joining and leaving, with the server's RSS sampled throughout.
import { FULL_THREAD_POSTS } from '../seed'
import { BENCH_METRICS_TOKEN } from '../server-memory'
import { runSoak } from '../soak'
import type { BenchScenario } from './context'

export const soakScenario: BenchScenario = {
  id: 'soak',
  async run(ctx) {
    // Replies go to boards other than the one receiving new threads, whose oldest threads die as it fills.
    const threadBoard = 'diy'
    const threads = ctx.site.threads
      .filter((t) => t.boardId !== threadBoard && t.postCount < FULL_THREAD_POSTS)
      .slice(0, 24)
    ctx.log(`soak: ${ctx.settings.soakMinutes} minutes of readers, posters and sockets`)
    ctx.results.soak = await runSoak(
      {
        url: ctx.server.url,
        serverPid: ctx.server.proc.pid!,
        threads,
        threadBoard,
        minutes: ctx.settings.soakMinutes,
        // The load of issue 19's outside measurement: 10 posters, 100 readers, 200 sockets joining and leaving.
        readers: 100,
        posters: 10,
        sockets: 200,
        churnPerSecond: 2,
        roomSwitchesPerSecond: 2,
        textPerSecond: 5,
        imagePerSecond: 0.5,
        threadEverySeconds: 20,
        metricsToken: BENCH_METRICS_TOKEN,
      },
      (line) => ctx.log(line),
    )
  },
}
