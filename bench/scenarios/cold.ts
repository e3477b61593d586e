// Cold renders: the first request for a board and a 300-post thread page after a reply dropped them.
import { measureColdRenders } from '../cold-render'
import { coldFigure } from '../report'
import { FULL_THREAD_POSTS } from '../seed'
import type { BenchScenario } from './context'

export const coldScenario: BenchScenario = {
  id: 'cold',
  async run(ctx) {
    const hot = ctx.paths.thread
    const threads = ctx.site.threads.filter(
      (t) => t.postCount === FULL_THREAD_POSTS && !hot.endsWith(`/thread/${t.threadId}`),
    )
    ctx.log(`cold renders: ${ctx.settings.coldRepetitions} repetitions`)
    const cold = await measureColdRenders(ctx.server.url, threads, ctx.settings.coldRepetitions, ctx.server.proc.pid!)
    ctx.results.cold.push(
      coldFigure('board', 'Board page', cold.boardMs, cold.boardBytes, cold.boardCpuMs),
      coldFigure('thread', 'Thread page, 300 posts', cold.threadMs, cold.threadBytes, cold.threadCpuMs),
    )
    ctx.results.coldNotMiss = cold.notMiss
    ctx.profileWindows.set('thread pages, 300 posts, after a reply', cold.threadWindows)
    ctx.profileWindows.set('board pages after a reply', cold.boardWindows)
    ctx.log(
      `cold renders put together from the previous render: ${cold.threadSpliced} of ${cold.threadMs.length} thread ` +
        `pages, ${cold.boardSpliced} of ${cold.boardMs.length} board pages`,
    )
    ctx.log(`cold thread CPU ms: ${cold.threadCpuMs.map((ms) => ms.toFixed(1)).join(' ')}`)
    ctx.log(`cold board CPU ms: ${cold.boardCpuMs.map((ms) => ms.toFixed(1)).join(' ')}`)
  },
}
