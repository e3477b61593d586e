// Costs measured in the bench process rather than over HTTP: word filters, the banned-file check, the captcha.
import { measureBannedFileCost } from '../banned-file-cost'
import { measureCaptchaCost } from '../captcha-cost'
import { measureFilterCost } from '../filter-cost'
import type { BenchScenario } from './context'
import { closeDb } from '../../lib/db/client'

/** CAPTCHA_COMPLEXITY's default (lib/config.ts): the bench server runs with it. */
export const CAPTCHA_DEFAULT_COMPLEXITY = 5000

export const filtersScenario: BenchScenario = {
  id: 'filters',
  async run(ctx) {
    const f = (ctx.results.filters = measureFilterCost())
    ctx.log(`word filters: ${f.rules} rules × ${f.chars} characters: median ${f.ms.p50.toFixed(3)} ms`)
  },
}

export const bannedFilesScenario: BenchScenario = {
  id: 'banned-files',
  async run(ctx) {
    const b = (ctx.results.bannedFiles = await measureBannedFileCost())
    ctx.log(`banned files: perceptual hash + ${b.entries} entries: median ${b.ms.p50.toFixed(2)} ms`)
  },
}

export const captchaScenario: BenchScenario = {
  id: 'captcha',
  async run(ctx) {
    const c = (ctx.results.captcha = await measureCaptchaCost(CAPTCHA_DEFAULT_COMPLEXITY))
    await closeDb()
    const n = c.nodeSolve
    ctx.log(
      `captcha solved by one core at complexity ${n.complexity}: median ${(n.ms.p50 / 1000).toFixed(2)} s (${n.msPerDerivation.toFixed(3)} ms per derivation)`,
    )
    ctx.log(
      `captcha per post: check median ${c.verifyMs.p50.toFixed(3)} ms, p99 ${c.verifyMs.p99.toFixed(3)} ms; issue median ${c.issueMs.p50.toFixed(3)} ms, p99 ${c.issueMs.p99.toFixed(3)} ms`,
    )
  },
}
