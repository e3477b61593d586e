// What the captcha costs a person: the real widget in Chromium on a page of the running server fetches a challenge
// and solves it in its Web Workers, timed from verify() to the solution, at the server's CAPTCHA_COMPLEXITY.
import { existsSync } from 'node:fs'
import { chromium } from '@playwright/test'
import { distribution, type Distribution } from './stats'

export interface BrowserSolve {
  workers: number
  ms: Distribution
}

interface Widget extends HTMLElement {
  verify(): Promise<{ payload: string } | null>
  reset(): void
  getConfiguration(): { workers: number }
}

/** The Chromium to drive: CHROMIUM_PATH, Debian's package, or Playwright's own download; undefined for none. */
export function chromiumPath(): string | undefined {
  return [process.env.CHROMIUM_PATH, '/usr/bin/chromium', chromium.executablePath()].find((p) => p && existsSync(p))
}

/** Times `repetitions` solves (after one to warm up) by the widget of `pagePath`, which must show it. */
export async function measureBrowserSolve(siteUrl: string, pagePath: string, repetitions = 10): Promise<BrowserSolve> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu'] })
  try {
    const page = await browser.newPage()
    await page.goto(siteUrl + pagePath)
    await page.waitForFunction(() => {
      const el = document.querySelector('altcha-widget') as Widget | null
      return typeof el?.verify === 'function' && globalThis.$altcha?.algorithms.has('PBKDF2/SHA-256')
    })
    const samples: number[] = []
    for (let i = 0; i <= repetitions; i++) {
      const ms = await page.evaluate(async () => {
        const el = document.querySelector('altcha-widget') as Widget
        el.reset()
        const start = performance.now()
        if (!(await el.verify())) throw new Error('the widget found no solution')
        return performance.now() - start
      })
      if (i > 0) samples.push(ms)
    }
    const workers = await page.evaluate(
      () => (document.querySelector('altcha-widget') as Widget).getConfiguration().workers,
    )
    return { workers, ms: distribution(samples) }
  } finally {
    await browser.close()
  }
}
