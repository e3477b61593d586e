// Text replies on boards whose captcha is `all` with 100 word filters, against both off, each from a fresh process.
// Every reply carries its own solution (one post per solution), fetched from the server and solved before the run
// at the smallest complexity: the server's work per post does not depend on the complexity.
import { BENCH_COMPLEXITY, solvedFromServer } from '../captcha-cost'
import { benchRules, FILTER_RULES } from '../filter-cost'
import { throughput, type BenchScenario } from './context'
import { freshReplyRun } from './fresh-reply-run'
import { getDb } from '../../lib/db/client'

export const textReplyCaptchaScenario: BenchScenario = {
  id: 'text-reply-captcha',
  async run(ctx) {
    const options = {
      ...ctx.serverOptions,
      env: { ...ctx.serverOptions.env, CAPTCHA_COMPLEXITY: String(BENCH_COMPLEXITY) },
    }
    const plain = await freshReplyRun(ctx, 'captcha off, no word filters', options)
    const db = await getDb()
    await db.board.updateMany({ data: { captcha: 'all' } })
    await db.wordFilter.createMany({ data: benchRules().map((r) => ({ ...r, boards: '' })) })
    // Enough solutions for the plain run's rate over the warm-up and the run, twice over.
    const { seconds, warmUpSeconds, connections } = ctx.settings
    const needed = Math.ceil(plain.rps * (seconds + warmUpSeconds) * 2) + connections
    ctx.log(`solving ${needed} captcha challenges for the next run`)
    // Solutions come from the process the run will use, so they are fetched once it has started.
    let payloads: string[] = []
    let used = 0
    const guarded = await freshReplyRun(
      ctx,
      `captcha all, ${FILTER_RULES} word filters`,
      options,
      () => ({
        captcha: payloads[used++ % payloads.length],
      }),
      async (url) => {
        payloads = await solvedFromServer(url, needed + 1)
      },
    )
    if (used > payloads.length) ctx.log(`  ran out of solutions: ${used - payloads.length} replays were refused`)
    await (await getDb()).wordFilter.deleteMany({})
    await (await getDb()).board.updateMany({ data: { captcha: 'off' } })
    await ctx.restart()
    ctx.results.http.push({
      id: 'text-reply-captcha',
      label: `Text reply, captcha all + ${FILTER_RULES} word filters`,
      corkboard: throughput(guarded),
      baselineLabel: 'same, both off, fresh process',
      baseline: { rps: plain.rps, p50: plain.p50, p99: plain.p99 },
    })
  },
}
