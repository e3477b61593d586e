import type { BrowserContext } from '@playwright/test'
import { test, expect } from './fixtures'
import { staffLogin } from './staff-login'
import { as, form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { createStaff } from '../helpers/staff'

// The bundled GeoLite2 database places this address in the United Kingdom (checked with lib/geo/country.ts).
const BRITISH = '81.2.69.142'

async function newThread(baseURL: string, board: string) {
  // From an address of its own, outside every range ban of this file.
  const res = await postForm(
    `${baseURL}/api/boards/${board}/threads`,
    form({ topic: 'Weather', content: 'rain again' }, { name: 'a.png', bytes: await png() }),
    as('198.51.100.60'),
  )
  expect(res.status).toBe(201)
  return res.body.threadId as number
}

const reply = (visitor: BrowserContext, board: string, threadId: number, content: string) =>
  visitor.request.post(`/api/boards/${board}/threads/${threadId}/posts`, { multipart: { content } })

test('an admin bans a country from the grid; its visitors get 403 Rangebanned until it is toggled off', async ({
  browser,
  baseURL,
  server,
}) => {
  const admin = await createStaff(server.database, {
    username: 'ranger_e2e',
    role: 'admin',
    password: 'ranger password 1',
  })
  const staff = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': '10.0.0.88' } })
  const visitor = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': BRITISH } })
  const threadId = await newThread(baseURL, 'random')
  expect((await reply(visitor, 'random', threadId, 'before any ban')).status()).toBe(201)

  const page = await staff.newPage()
  await staffLogin(page, admin.username, admin.password)
  await page.getByRole('link', { name: 'Rangebans' }).click()
  await expect(page.getByRole('heading', { name: 'Rangebans', level: 1 })).toBeVisible()
  await expect(page.getByText('No active rangebans')).toBeVisible()

  const grid = page.getByRole('region', { name: 'Quick Country Toggle' })
  await expect(grid).toHaveCount(0)
  await page.getByRole('button', { name: 'Toggle Countries' }).click()
  await expect(grid.getByLabel('Scope')).toHaveValue('') // Global
  expect(await grid.getByRole('button').count()).toBe(250) // every ISO code; CF doubles as Proxy / CDN
  const uk = grid.getByRole('button', { name: 'United Kingdom', exact: true })
  await expect(uk).toHaveAttribute('aria-pressed', 'false')
  await uk.click()
  await expect(uk).toHaveAttribute('aria-pressed', 'true')
  await expect(uk).toBeEnabled()

  const row = page.locator('tr', { hasText: 'GB - United Kingdom' })
  await expect(row).toContainText('country')
  await expect(row).toContainText('Global')
  await expect(row).toContainText('Country ban: United Kingdom')
  await expect(row).toContainText('Never')
  await expect(row).toContainText('ranger_e2e')
  await expect(page.locator('[data-ban-type="country"]')).toHaveText(/country\s*1\s*1/)
  await expect(page.getByTestId('rangeban-top-countries')).toHaveText(/GB - United Kingdom\s*1/)

  const refused = await reply(visitor, 'random', threadId, 'hello from London')
  expect(refused.status()).toBe(403)
  expect(await refused.json()).toMatchObject({
    error: 'Rangebanned',
    rangeban: {
      type: 'country',
      value: 'GB',
      country_name: 'United Kingdom',
      board_id: null,
      expires_at: null,
      reason: 'Country ban: United Kingdom',
    },
  })

  // While the removal is in flight the button is busy and cannot be clicked twice.
  let release!: () => void
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/api/admin/rangebans/*', async (route) => {
    await held
    await route.continue()
  })
  await uk.click()
  await expect(uk).toHaveAttribute('aria-busy', 'true')
  await expect(uk).toBeDisabled()
  release()
  await expect(uk).toHaveAttribute('aria-pressed', 'false')
  await expect(uk).not.toHaveAttribute('aria-busy', 'true')
  await page.unroute('**/api/admin/rangebans/*')
  await expect(row).toHaveCount(0)
  await expect(page.locator('[data-ban-type="country"]')).toHaveText(/country\s*0\s*1/)
  await expect(page.getByText('No country bans in force')).toBeVisible()

  expect((await reply(visitor, 'random', threadId, 'hello again')).status()).toBe(201)

  // Range bans are for admins only.
  const mod = await createStaff(server.database, {
    username: 'ranger_mod',
    role: 'moderator',
    password: 'ranger password 2',
  })
  const modContext = await browser.newContext({ baseURL })
  const m = await modContext.newPage()
  await staffLogin(m, mod.username, mod.password)
  await expect(m.getByRole('link', { name: 'Rangebans' })).toHaveCount(0)
  await m.goto('/admin/rangebans')
  await expect(m.getByRole('heading', { name: 'Not authorized' })).toBeVisible()
  await modContext.close()
  await visitor.close()
  await staff.close()
})

test('the create modal bans a CIDR range; board-scoped toggles, the board filter, and removal', async ({
  browser,
  baseURL,
  server,
}) => {
  const admin = await createStaff(server.database, {
    username: 'ranger_two',
    role: 'admin',
    password: 'ranger password 3',
  })
  const staff = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': '10.0.0.89' } })
  const rangeVisitor = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': '203.0.113.9' } })
  const threadId = await newThread(baseURL, 'tech')
  const page = await staff.newPage()
  await staffLogin(page, admin.username, admin.password)
  await page.goto('/admin/rangebans')

  await page.getByRole('button', { name: 'Create Rangeban' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create Rangeban' })
  await expect(dialog.getByLabel('Duration')).toHaveValue('30d')
  await expect(dialog.getByLabel('Duration').locator('option')).toHaveText([
    '1 Hour',
    '6 Hours',
    '1 Day',
    '3 Days',
    '1 Week',
    '30 Days',
    '90 Days',
    '1 Year',
    'Permanent',
  ])
  await expect(dialog.getByLabel('Ban Type').locator('option')).toHaveText(['Country', 'ASN', 'IP Range'])
  await dialog.getByLabel('Ban Type').selectOption('ip_range')
  await expect(dialog.getByLabel('Ban Value')).toHaveAttribute('placeholder', '203.0.113.0/24')
  await dialog.getByLabel('Ban Value').fill('203.0.113.0/33')
  await dialog.getByLabel('Reason').fill('spam network')
  await dialog.getByRole('button', { name: 'Create Rangeban' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Invalid IP range (use a CIDR range such as 203.0.113.0/24)')
  await page.screenshot({ path: 'test-results/admin-rangebans-create.png' })
  await dialog.getByLabel('Ban Value').fill('203.0.113.77/24')
  await dialog.getByLabel('Reason').fill('')
  await dialog.getByRole('button', { name: 'Create Rangeban' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Reason is required')
  await dialog.getByLabel('Reason').fill('spam network')
  await dialog.getByLabel('Board').selectOption('tech')
  await dialog.getByLabel('Duration').selectOption('permanent')
  await dialog.getByRole('button', { name: 'Create Rangeban' }).click()
  await expect(dialog).toHaveCount(0)

  const rangeRow = page.locator('tr', { hasText: '203.0.113.0/24' }) // host bits zeroed by the server
  await expect(rangeRow).toContainText('ip_range')
  await expect(rangeRow).toContainText('/tech/')
  await expect(rangeRow).toContainText('spam network')
  await expect(rangeRow).toContainText('Never')
  const refused = await reply(rangeVisitor, 'tech', threadId, 'from the range')
  expect(refused.status()).toBe(403)
  expect(await refused.json()).toMatchObject({
    error: 'Rangebanned',
    rangeban: { type: 'ip_range', value: '203.0.113.0/24', board_id: 'tech' },
  })

  // The same range again: the server's conflict is shown as it is.
  await page.getByRole('button', { name: 'Create Rangeban' }).click()
  await dialog.getByLabel('Ban Type').selectOption('ip_range')
  await dialog.getByLabel('Ban Value').fill('203.0.113.0/24')
  await dialog.getByLabel('Board').selectOption('tech')
  await dialog.getByLabel('Reason').fill('twice')
  await dialog.getByRole('button', { name: 'Create Rangeban' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Active rangeban already exists for this value')
  await dialog.getByRole('button', { name: 'Cancel' }).click()

  // A country ban for /politics/ only: red in that scope, not in the global one.
  await page.getByRole('button', { name: 'Toggle Countries' }).click()
  const grid = page.getByRole('region', { name: 'Quick Country Toggle' })
  await grid.getByLabel('Scope').selectOption('politics')
  const germany = grid.getByRole('button', { name: 'Germany', exact: true })
  await germany.click()
  await expect(germany).toHaveAttribute('aria-pressed', 'true')
  const germanRow = page.locator('tr', { hasText: 'DE - Germany' })
  await expect(germanRow).toContainText('/politics/')
  await page.screenshot({ path: 'test-results/admin-rangebans.png', fullPage: true })
  await grid.getByLabel('Scope').selectOption('')
  await expect(germany).toHaveAttribute('aria-pressed', 'false')

  // The board filter keeps its choice in the address and shows that board's bans plus global ones.
  await page.getByLabel('Board', { exact: true }).selectOption('politics')
  await expect(page).toHaveURL(/\/admin\/rangebans\?boardId=politics$/)
  await expect(germanRow).toBeVisible()
  await expect(rangeRow).toHaveCount(0)
  await page.reload()
  await expect(page.getByLabel('Board', { exact: true })).toHaveValue('politics')
  await expect(germanRow).toBeVisible()
  await page.getByLabel('Board', { exact: true }).selectOption('')
  await expect(page).toHaveURL(/\/admin\/rangebans$/)

  // Removal asks first; dismissing keeps the ban.
  page.once('dialog', (d) => void d.dismiss())
  await rangeRow.getByRole('button', { name: 'Remove' }).click()
  await expect(rangeRow).toBeVisible()
  let asked = ''
  page.once('dialog', (d) => {
    asked = d.message()
    void d.accept()
  })
  await rangeRow.getByRole('button', { name: 'Remove' }).click()
  await expect(rangeRow).toHaveCount(0)
  expect(asked).toBe('Are you sure you want to remove this rangeban?')
  expect((await reply(rangeVisitor, 'tech', threadId, 'unbanned')).status()).toBe(201)

  page.once('dialog', (d) => void d.accept())
  await germanRow.getByRole('button', { name: 'Remove' }).click()
  await expect(page.getByText('No active rangebans')).toBeVisible()
  // The reload above closed the grid; removing from the table clears the colour there too.
  await page.getByRole('button', { name: 'Toggle Countries' }).click()
  await grid.getByLabel('Scope').selectOption('politics')
  await expect(germany).toHaveAttribute('aria-pressed', 'false')
  await rangeVisitor.close()
  await staff.close()
})
