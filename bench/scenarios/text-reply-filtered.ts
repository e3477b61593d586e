// Text replies with 100 word filters stored, against none, each on a fresh process that loads the rules at start
// as a real site does; the ratio of the two is the filters' cost.
import { benchRules, FILTER_RULES } from '../filter-cost'
import { throughput, type BenchScenario } from './context'
import { freshReplyRun } from './fresh-reply-run'
import { getDb } from '../../lib/db/client'

export const textReplyFilteredScenario: BenchScenario = {
  id: 'text-reply-filtered',
  async run(ctx) {
    const plain = await freshReplyRun(ctx, 'no word filters', ctx.serverOptions)
    await (await getDb()).wordFilter.createMany({ data: benchRules().map((r) => ({ ...r, boards: '' })) })
    const filtered = await freshReplyRun(ctx, `${FILTER_RULES} word filters`, ctx.serverOptions)
    await (await getDb()).wordFilter.deleteMany({})
    await ctx.restart()
    ctx.results.http.push({
      id: 'text-reply-filtered',
      label: `Text reply, ${FILTER_RULES} word filters`,
      corkboard: throughput(filtered),
      baselineLabel: 'same, no filters, fresh process',
      baseline: { rps: plain.rps, p50: plain.p50, p99: plain.p99 },
    })
  },
}
