// The colour theme: the system's setting by default, a toggle (system / light / dark) in the public header and the
// staff header, worked by keyboard, remembered in this browser, applied to its other tabs at once and before the
// first paint of the next page, pages from the shared page cache included (their HTML is the same for everyone,
// and the CSP admits the theme script by its hash).
import type { Page } from '@playwright/test'
import { test, expect } from './fixtures'
import { staffLogin } from './staff-login'
import { createStaff } from '../helpers/staff'

const LIGHT_BG = 'rgb(238, 242, 255)'
const DARK_BG = 'rgb(11, 17, 32)'

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor)
const themeAttribute = (page: Page) => page.evaluate(() => document.documentElement.getAttribute('data-theme'))

/** Collects the page's Content-Security-Policy violations. */
function watchCsp(page: Page): string[] {
  const seen: string[] = []
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) seen.push(msg.text())
  })
  return seen
}

test('the theme follows the system until picked; the pick is remembered and reaches every tab', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ colorScheme: 'light' })
  const page = await context.newPage()
  const other = await context.newPage()
  const violations = [...watchCsp(page), ...watchCsp(other)]
  await page.goto(`${baseURL}/`)
  await other.goto(`${baseURL}/rules`)
  expect(await themeAttribute(page)).toBeNull()
  expect(await background(page)).toBe(LIGHT_BG)
  await page.emulateMedia({ colorScheme: 'dark' })
  expect(await background(page)).toBe(DARK_BG)
  await page.emulateMedia({ colorScheme: 'light' })

  // Picked by keyboard: the labelled select takes the arrow keys (System → Light → Dark).
  const toggle = page.getByRole('combobox', { name: 'Theme' })
  await expect(toggle).toHaveValue('system')
  await toggle.focus()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await expect(toggle).toHaveValue('dark')
  expect(await themeAttribute(page)).toBe('dark')
  expect(await background(page)).toBe(DARK_BG)
  // The other tab follows at once, its toggle too.
  await expect.poll(() => background(other)).toBe(DARK_BG)
  await expect(other.getByRole('combobox', { name: 'Theme' })).toHaveValue('dark')

  // A page from the page cache: the same HTML as for anyone (no theme in it), dark from its first paint.
  const first = await page.request.get(`${baseURL}/rules`)
  const html = await first.text()
  expect(html).toContain('<html lang="en">')
  expect(html).not.toContain('data-theme')
  const cached = await page.goto(`${baseURL}/rules`)
  expect(cached?.headers()['x-corkboard-cache']).toBe('HIT')
  await page.waitForFunction(() => document.readyState !== 'loading')
  expect(await themeAttribute(page)).toBe('dark')
  expect(await background(page)).toBe(DARK_BG)

  // Light beats a dark system; System follows the system again.
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.getByRole('combobox', { name: 'Theme' }).selectOption('light')
  expect(await background(page)).toBe(LIGHT_BG)
  await expect.poll(() => background(other)).toBe(LIGHT_BG)
  await page.getByRole('combobox', { name: 'Theme' }).selectOption('system')
  expect(await themeAttribute(page)).toBeNull()
  expect(await background(page)).toBe(DARK_BG)
  await page.reload()
  expect(await background(page)).toBe(DARK_BG)
  expect(violations).toEqual([])
  await context.close()
})

test('the staff area has the toggle too and shows the remembered theme', async ({ browser, baseURL, server }) => {
  const admin = await createStaff(server.database, {
    username: 'theme_admin',
    role: 'admin',
    password: 'theme admin password',
  })
  const context = await browser.newContext({ colorScheme: 'light' })
  const page = await context.newPage()
  await page.goto(`${baseURL}/`)
  await page.getByRole('combobox', { name: 'Theme' }).selectOption('dark')
  await staffLogin(page, admin.username, admin.password)
  expect(await background(page)).toBe(DARK_BG)
  const toggle = page.getByTestId('staff-header').getByRole('combobox', { name: 'Theme' })
  await expect(toggle).toHaveValue('dark')
  await toggle.selectOption('light')
  expect(await background(page)).toBe(LIGHT_BG)
  await context.close()
})
