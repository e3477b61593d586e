// Text replies (multipart POST) rotating over every thread, beside the baseline reading the body and answering 201.
import { replyHeaders, throughput, type BenchScenario } from './context'

export const textReplyScenario: BenchScenario = {
  id: 'text-reply',
  async run(ctx) {
    const { connections, seconds } = ctx.settings
    ctx.log(`text replies: ${seconds} s at ${connections} connections, then the raw baseline`)
    const { c, b } = await ctx.measure(
      {
        url: ctx.nextThread(),
        method: 'POST',
        body: ctx.text.body,
        headers: replyHeaders(ctx.text.contentType),
        connections,
        seconds,
        next: () => ({ path: ctx.nextThread() }),
      },
      ctx.baseline.url,
    )
    ctx.results.http.push({
      id: 'text-reply',
      label: 'Text reply (multipart POST)',
      corkboard: throughput(c),
      baselineLabel: 'node:http, same 201',
      baseline: { rps: b.rps, p50: b.p50, p99: b.p99 },
    })
  },
}
