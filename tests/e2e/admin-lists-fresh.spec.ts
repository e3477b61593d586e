import { test, expect } from './fixtures'
import { staffLogin } from './staff-login'
import { createStaff, loggedInAdmin } from '../helpers/staff'

// The admin lists the server renders are read again whenever their screen mounts: going back to a screen shows
// what another admin changed meanwhile, not the copy of the first visit (router or SWR cache).
test('admin lists show what another admin changed while the screen was left, after Back and after a link', async ({
  page,
  server,
}) => {
  const admin = await createStaff(server.database, {
    username: 'fresh_lists_e2e',
    role: 'admin',
    password: 'fresh lists pw 1',
  })
  const other = await loggedInAdmin(server)
  await staffLogin(page, admin.username, admin.password)
  // A click only starts the navigation: wait until the screen is there, so Back returns to the screen meant.
  const headings: Record<string, string> = { Users: 'Admin Users', Rangebans: 'Rangebans' }
  const nav = async (name: string) => {
    await page.getByRole('link', { name, exact: true }).click()
    await page.waitForURL(`**/admin/${name.toLowerCase()}`)
    await expect(page.getByRole('heading', { name: headings[name], exact: true })).toBeVisible()
  }

  await page.goto('/admin/users')
  await expect(page.locator('tr[data-user="fresh_lists_e2e"]')).toBeVisible()
  await nav('Rangebans')
  await expect(page.getByRole('heading', { name: 'Rangebans', exact: true })).toBeVisible()
  const created = await other.write('POST', '/api/admin/users', {
    username: 'fresh_lists_late',
    email: 'fresh_lists_late@example.com',
    password: 'late arrival pw 1',
    role: 'janitor',
    boards: [],
  })
  expect(created.status).toBe(201)
  await page.goBack()
  await expect(page.locator('tr[data-user="fresh_lists_late"]')).toContainText('janitor')

  // A private ASN that no test address belongs to.
  const asn = '64512'
  await nav('Rangebans')
  const table = page.getByRole('region', { name: 'Active Rangebans' })
  await expect(table).toBeVisible()
  await expect(table.getByText(`AS${asn}`, { exact: true })).toHaveCount(0)
  await nav('Users')
  const ban = await other.write('POST', '/api/admin/rangebans', {
    ban_type: 'asn',
    ban_value: `AS${asn}`,
    board_id: null,
    reason: 'fresh lists e2e',
    expires_at: null,
  })
  expect(ban.status).toBe(201)
  await page.goBack()
  await expect(table.getByText(`AS${asn}`, { exact: true })).toBeVisible()
  expect((await other.write('DELETE', `/api/admin/rangebans/${ban.body.rangeban.id}`)).status).toBe(200)
  await nav('Users')
  await nav('Rangebans')
  await expect(table).toBeVisible()
  await expect(table.getByText(`AS${asn}`, { exact: true })).toHaveCount(0)
})
