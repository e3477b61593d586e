// At 390 px (a phone) no public or staff page scrolls sideways, in either theme, the posting forms fit the screen,
// and the staff menu stays inside the viewport and closes on a tap elsewhere.
import type { Page } from '@playwright/test'
import { test, expect } from './fixtures'
import { staffLogin } from './staff-login'
import { as, form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { createStaff } from '../helpers/staff'

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

const scrollWidth = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth)

/** Every field and button of a form lies within the 390 px screen. */
async function expectFormFits(page: Page, name: string) {
  const form = page.getByRole('form', { name })
  await expect(form).toBeVisible()
  for (const control of await form.locator('input:not([type=hidden]), textarea, select, button').all()) {
    const box = await control.boundingBox()
    if (!box) continue
    expect(box.x, `${name}: ${await control.evaluate((e) => e.outerHTML.slice(0, 80))}`).toBeGreaterThanOrEqual(0)
    expect(
      box.x + box.width,
      `${name}: ${await control.evaluate((e) => e.outerHTML.slice(0, 80))}`,
    ).toBeLessThanOrEqual(390)
  }
}

test('no page scrolls sideways at 390 px; the staff menu stays on screen', async ({ page, baseURL, server }) => {
  const t = await postForm(
    `${baseURL}/api/boards/business/threads`,
    form(
      {
        topic: 'A thread seen on a phone with a long enough topic to wrap',
        content: 'Some words and a https://example.com/a/rather/long/link/that/must/wrap/somewhere/on/a/narrow/screen',
      },
      { name: 'a.png', bytes: await png(800, 200) },
    ),
    as('198.51.100.80'),
  )
  expect(t.status).toBe(201)
  const publicPages = [
    '/',
    '/board/business',
    '/board/business/catalog',
    `/board/business/thread/${t.body.threadId}`,
    '/board/business/archive',
    '/board/business/create-thread',
    '/rules',
    '/stats',
    '/search?q=phone',
    '/contact',
    '/admin/login',
    '/no/such/page',
  ]
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    for (const path of publicPages) {
      await page.goto(path)
      expect(await scrollWidth(page), `${path} (${colorScheme})`).toBeLessThanOrEqual(390)
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goto('/board/business/create-thread')
  await expectFormFits(page, 'Create thread')
  await page.goto(`/board/business/thread/${t.body.threadId}`)
  await expectFormFits(page, 'Reply')

  const admin = await createStaff(server.database, {
    username: 'phone_admin',
    role: 'admin',
    password: 'phone admin pw 1',
  })
  await staffLogin(page, admin.username, admin.password)
  const ban = await page.request.post(`${baseURL}/api/admin/bans`, {
    headers: { 'X-CSRF-Token': (await (await page.request.get(`${baseURL}/api/admin/csrf-token`)).json()).csrfToken },
    data: {
      ip_address: '198.51.100.81',
      board_id: 'business',
      reason: 'a ban so that the ban list has a row',
      expires_at: null,
    },
  })
  expect(ban.status()).toBe(201)
  const staffPages = [
    '/admin/dashboard',
    '/admin/bans',
    `/admin/bans/${(await ban.json()).ban.id}`,
    '/admin/bans/create',
    '/admin/actions',
    '/admin/users',
    '/admin/users/create',
    '/admin/rangebans',
    '/admin/files',
    '/admin/housekeeping',
    '/admin/settings',
    '/admin/stats',
    '/admin/ip-history/198.51.100.80',
  ]
  for (const path of staffPages) {
    await page.goto(path)
    expect(await scrollWidth(page), path).toBeLessThanOrEqual(390)
  }

  await page.goto(`/board/business/thread/${t.body.threadId}`)
  await page.getByRole('button', { name: `Staff menu for post ${t.body.postId}` }).tap()
  const item = page.getByRole('menuitem', { name: 'Check Mod History' })
  await expect(item).toBeVisible()
  const menu = await page.getByRole('menu').boundingBox()
  expect(menu!.x).toBeGreaterThanOrEqual(0)
  expect(menu!.x + menu!.width).toBeLessThanOrEqual(390)
  await page.getByRole('heading', { name: /A thread seen on a phone/ }).tap()
  await expect(item).toHaveCount(0)
})
