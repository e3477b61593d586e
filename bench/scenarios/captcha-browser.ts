// The real captcha widget solving the server's challenges in Chromium, on a board that asks for one.
import { measureCaptchaCost } from '../captcha-cost'
import { chromiumPath, measureBrowserSolve } from '../captcha-solve'
import type { BenchScenario } from './context'
import { CAPTCHA_DEFAULT_COMPLEXITY } from './in-process-costs'
import { getDb } from '../../lib/db/client'

export const captchaBrowserScenario: BenchScenario = {
  id: 'captcha-browser',
  missing: () => (chromiumPath() ? undefined : 'Chromium (apt-get install chromium, or CHROMIUM_PATH)'),
  async run(ctx) {
    // The widget only shows on a board that asks for a captcha: one board does, in a fresh process.
    await (await getDb()).board.update({ where: { id: 'tech' }, data: { captcha: 'threads' } })
    const server = await ctx.restart()
    const solve = await measureBrowserSolve(server.url, '/board/tech/create-thread')
    ctx.results.captcha ??= await measureCaptchaCost(CAPTCHA_DEFAULT_COMPLEXITY, 20, 1)
    ctx.results.captcha.browser = { complexity: CAPTCHA_DEFAULT_COMPLEXITY, ...solve }
    ctx.log(
      `captcha solved by Chromium (${solve.workers} workers) at complexity ${CAPTCHA_DEFAULT_COMPLEXITY}: median ${(solve.ms.p50 / 1000).toFixed(2)} s, p90 ${(solve.ms.p90 / 1000).toFixed(2)} s`,
    )
    await (await getDb()).board.update({ where: { id: 'tech' }, data: { captcha: 'off' } })
    await ctx.restart()
  },
}
