// The JavaScript a reader downloads for the thread page, gzipped.
import { measureScripts } from '../js-size'
import type { BenchScenario } from './context'

export const jsScenario: BenchScenario = {
  id: 'js',
  async run(ctx) {
    ctx.results.js = { page: ctx.paths.thread, ...(await measureScripts(ctx.server.url, ctx.paths.thread)) }
    ctx.log(`thread page JavaScript: ${(ctx.results.js.totalGzipBytes / 1024).toFixed(1)} KB gzipped`)
  },
}
