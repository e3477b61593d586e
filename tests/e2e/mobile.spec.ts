// At 390 px (a phone) no public or staff page scrolls sideways, and the staff menu stays inside the viewport and
// closes on a tap elsewhere.
import type { Page } from '@playwright/test'
import { test, expect } from './fixtures'
import { staffLogin } from './staff-login'
import { as, form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { createStaff } from '../helpers/staff'

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth)

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
    `/board/business/thread/${t.body.threadId}`,
    '/board/business/archive',
    '/board/business/create-thread',
    '/rules',
    '/stats',
    '/contact',
    '/admin/login',
    '/no/such/page',
  ]
  for (const path of publicPages) {
    await page.goto(path)
    expect(await scrollWidth(page), path).toBeLessThanOrEqual(390)
  }

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
