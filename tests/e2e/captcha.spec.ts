// The captcha in Chromium: on boards whose captcha is `all` (CAPTCHA_DEFAULT here), the real ALTCHA widget fetches a
// challenge and solves it in a Web Worker while the visitor types, and the thread and the replies go through, under
// the site's Content-Security-Policy without a violation. Without JavaScript the page says posting needs it.
import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { test, expect } from './fixtures'
import { staffLogin } from './staff-login'
import { png } from '../helpers/media'
import { createStaff } from '../helpers/staff'

// Every board of this file's server asks for a captcha for threads and replies; a small complexity keeps the
// test quick on a loaded machine (the cost at the default is measured by the benchmark).
test.use({ serverEnv: { CAPTCHA_DEFAULT: 'all', CAPTCHA_COMPLEXITY: '300' } })

const SOLVED = { timeout: 45_000 }

/** Collects Content-Security-Policy violations the page reports (events, and Chromium's console lines). */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = []
  await page.exposeBinding('__cspViolation', (_source, v: string) => void seen.push(v))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      ;(window as unknown as { __cspViolation(v: string): void }).__cspViolation(
        `${e.effectiveDirective} ${e.blockedURI}`,
      )
    })
  })
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) seen.push(msg.text())
  })
  return seen
}

test('the widget solves the challenge while the visitor types; a thread and two replies go through', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.140' } })
  const page = await context.newPage()
  const violations = await watchViolations(page)
  const challenges: string[] = []
  page.on('request', (r) => r.url().endsWith('/api/captcha') && challenges.push(r.url()))
  const workers: string[] = []
  page.on('worker', (w) => workers.push(w.url()))

  await page.goto(`${baseURL}/board/tech/create-thread`)
  const thread = page.getByRole('form', { name: 'Create thread' })
  await expect(thread.locator('altcha-widget')).toBeVisible()
  expect(challenges).toEqual([])
  await thread.getByLabel('Topic').fill('Solved in a worker')
  // Typing starts the proof of work: the challenge is fetched and solved before the visitor submits.
  await expect(thread.locator('altcha-widget [data-state="verified"]')).toBeAttached(SOLVED)
  expect(challenges.length).toBe(1)
  expect(workers.length).toBeGreaterThan(0)
  await thread.getByLabel('Content').fill('The opening post')
  const dir = mkdtempSync(path.join(os.tmpdir(), 'corkboard-captcha-'))
  const file = path.join(dir, 'a.png')
  writeFileSync(file, await png())
  await thread.getByLabel('Image or video').setInputFiles(file)
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.screenshot({ path: test.info().outputPath('create-thread-1280.png'), fullPage: true })
  await thread.getByRole('button', { name: 'Create Thread' }).click()
  await expect(page.getByText('Thread created successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/board\/tech\/thread\/\d+$/)

  const reply = page.getByRole('form', { name: 'Reply' })
  for (const text of ['First reply through the captcha', 'Second reply, a new challenge']) {
    await reply.getByRole('textbox').fill(text)
    await reply.getByRole('button', { name: 'Post Reply' }).click()
    await expect(page.locator('article', { hasText: text })).toBeVisible(SOLVED)
    await expect(reply.getByRole('textbox')).toHaveValue('')
  }
  // One challenge per post: the thread's, then each reply's.
  expect(challenges.length).toBe(3)

  await page.setViewportSize({ width: 390, height: 844 })
  await reply.getByRole('textbox').fill('Looking at the form on a phone')
  await reply.scrollIntoViewIfNeeded()
  await page.screenshot({ path: test.info().outputPath('reply-390.png'), fullPage: false })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  expect(violations).toEqual([])
  await context.close()
})

test('without JavaScript the page says that posting on the board needs it, and a post is refused', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.141' },
  })
  const page = await context.newPage()
  await page.goto(`${baseURL}/board/diy/create-thread`)
  const thread = page.getByRole('form', { name: 'Create thread' })
  await expect(thread.getByText('Posting on this board needs JavaScript')).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('no-js-create-thread.png'), fullPage: true })
  await thread.getByLabel('Topic').fill('No script, no captcha')
  await thread.getByLabel('Content').fill('Refused')
  const dir = mkdtempSync(path.join(os.tmpdir(), 'corkboard-captcha-'))
  const file = path.join(dir, 'b.png')
  writeFileSync(file, await png())
  await thread.getByLabel('Image or video').setInputFiles(file)
  await thread.getByRole('button', { name: 'Create Thread' }).click()
  await expect(thread.getByRole('alert')).toContainText('Posting on this board needs JavaScript')
  await expect(thread.getByLabel('Topic')).toHaveValue('No script, no captcha')
  await context.close()
})

test('an admin turns a board’s captcha off on /admin/settings, and its form no longer shows the widget', async ({
  page,
  baseURL,
  server,
}) => {
  const admin = await createStaff(server.database, {
    username: 'captcha_e2e',
    role: 'admin',
    password: 'captcha password 1',
  })
  await staffLogin(page, admin.username, admin.password)
  await page.goto('/admin/settings')
  const row = page.locator('tr[data-board="gaming"]')
  await expect(row.getByLabel('Captcha')).toHaveValue('all')
  await row.getByLabel('Captcha').selectOption('off')
  await row.getByRole('button', { name: 'Save' }).click()
  await expect(row.getByRole('status')).toHaveText('Board updated successfully')
  await page.screenshot({ path: test.info().outputPath('admin-settings-1280.png'), fullPage: true })
  expect((await (await fetch(`${baseURL}/api/boards/gaming`)).json()).board.captcha).toBe('off')

  // A visitor (no staff session) sees no widget and no JavaScript notice on that board's form.
  const visitor = await page.context().browser()!.newContext()
  const form = await visitor.newPage()
  await form.goto(`${baseURL}/board/gaming/create-thread`)
  await expect(form.getByRole('form', { name: 'Create thread' })).toBeVisible()
  await expect(form.locator('altcha-widget')).toHaveCount(0)
  await form.goto(`${baseURL}/board/diy/create-thread`)
  await expect(form.locator('altcha-widget')).toBeVisible()
  await visitor.close()
})
