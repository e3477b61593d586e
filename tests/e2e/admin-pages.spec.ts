import { test, expect } from './fixtures'
import { staffLogin } from './staff-login'
import { form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { createStaff } from '../helpers/staff'

test('admins manage users; moderators cannot open the users page', async ({ page, browser, baseURL, server }) => {
  const admin = await createStaff(server.database, {
    username: 'boss_e2e',
    role: 'admin',
    password: 'admin password 1',
  })
  await staffLogin(page, admin.username, admin.password)
  await page.goto('/admin/users')
  await expect(page.locator('tr[data-user="boss_e2e"]').getByRole('button')).toHaveCount(0) // no (de)activate on one's own row
  await page.getByRole('button', { name: 'Add New Admin User' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create New Admin User' })
  await dialog.getByRole('button', { name: 'Create User' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('All fields are required')
  await dialog.getByLabel('Username').fill('new_mod')
  await dialog.getByLabel('Email').fill('new_mod@example.com')
  await dialog.getByLabel('Password').fill('new moderator pw')
  await dialog.getByLabel('Role').selectOption('moderator')
  await dialog.getByRole('button', { name: 'Create User' }).click()
  const row = page.locator('tr[data-user="new_mod"]')
  await expect(row).toContainText('moderator')
  await expect(row).toContainText('Never')
  page.once('dialog', (d) => void d.accept())
  await row.getByRole('button', { name: 'Deactivate' }).click()
  await expect(row).toContainText('Inactive')
  page.once('dialog', (d) => void d.accept())
  await row.getByRole('button', { name: 'Activate' }).click()
  await expect(row).toContainText('Active')
  await page.screenshot({ path: 'test-results/admin-users.png' })

  const modContext = await browser.newContext({ baseURL })
  const mod = await modContext.newPage()
  await staffLogin(mod, 'new_mod', 'new moderator pw')
  await mod.goto('/admin/users')
  await expect(mod.getByRole('heading', { name: 'Not authorized' })).toBeVisible()
  await modContext.close()
})

test('dashboard cards, action log, IP history and ban detail; staff sticky and thread deletion', async ({
  page,
  baseURL,
  server,
}) => {
  const mod = await createStaff(server.database, {
    username: 'mod_pages',
    role: 'moderator',
    password: 'moderator pw 22',
  })
  // Posted from outside the moderator's browser, so the moderator is not the thread's owner.
  const t = (
    await postForm(
      `${baseURL}/api/boards/gaming/threads`,
      form({ topic: 'Pinned?', content: 'op' }, { name: 'a.png', bytes: await png() }),
    )
  ).body
  await staffLogin(page, mod.username, mod.password)
  // Other files' staff actions on the shared server (range bans, staff users) may already be listed: the card is
  // there, and the sticky change below is what it must come to show.
  await expect(page.getByRole('heading', { name: 'Recent Actions' })).toBeVisible()
  await expect(page.getByText('No pending appeals')).toBeVisible()
  const actionsBefore = Number(await page.getByTestId('total-actions').textContent())

  await page.goto(`/board/gaming/thread/${t.threadId}`)
  const controls = page.getByTestId('staff-thread-controls')
  await controls.getByRole('button', { name: 'Make sticky' }).click()
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`${baseURL}/api/boards/gaming/threads/${t.threadId}`)).json()).thread.is_sticky,
    )
    .toBe(true)

  await page.goto('/admin/dashboard')
  await expect(page.getByTestId('total-actions')).toHaveText(String(actionsBefore + 1))
  // Every board has a quick link (the four busiest first); the other files' boards may add more.
  const quick = page
    .locator('section', { has: page.getByRole('heading', { name: 'Board Quick Access' }) })
    .getByRole('link')
  const quickLinks = await quick.allTextContents()
  expect(quickLinks.slice(0, 4)).toEqual(['/random/', '/tech/', '/politics/', '/gaming/'])
  for (const board of ['anime', 'business', 'diy', 'fitness', 'food', 'movies', 'science', 'sports'])
    expect(quickLinks).toContain(`/${board}/`)
  await expect(page.getByText('sticky_changed').first()).toBeVisible()
  await page.goto('/admin/actions')
  await expect(page.locator('table')).toContainText('sticky_changed')

  await page.goto(`/board/gaming/thread/${t.threadId}`)
  await controls.getByRole('button', { name: 'Delete thread' }).click()
  await page.getByRole('dialog', { name: 'Delete thread' }).getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByRole('dialog', { name: 'Delete thread' }).getByRole('alert')).toHaveText(
    'Please provide a reason for deletion',
  )
  await page.getByLabel('Reason for deleting this thread').fill('off topic')
  await page.getByRole('dialog', { name: 'Delete thread' }).getByRole('button', { name: 'Delete' }).click()
  await page.waitForURL(/\/board\/gaming$/)

  await page.goto('/admin/ip-history/127.0.0.1')
  await expect(page.getByText('Total Actions')).toBeVisible()
  await expect(page.locator('table')).toContainText('thread_deleted')
  await page.screenshot({ path: 'test-results/ip-history.png' })

  const ban = await page.request.post(`${baseURL}/api/admin/bans`, {
    headers: { 'X-CSRF-Token': (await (await page.request.get(`${baseURL}/api/admin/csrf-token`)).json()).csrfToken },
    data: {
      ip_address: '192.0.2.44',
      board_id: 'gaming',
      reason: 'detail page',
      expires_at: new Date(Date.now() + 3600_000).toISOString(),
    },
  })
  const { ban: created } = await ban.json()
  await page.goto(`/admin/bans/${created.id}`)
  await expect(page.getByRole('heading', { name: `Ban #${created.id}` })).toBeVisible()
  await expect(page.getByText('detail page')).toBeVisible()
  // The detail page offers what can be done with the ban, not a link back to itself.
  await expect(page.getByRole('button', { name: 'Remove' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'View', exact: true })).toHaveCount(0)
})
