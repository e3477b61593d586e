import { test, expect } from './fixtures'
import { createStaff } from '../helpers/staff'

test('staff log in, see the navigation of their role, and log out', async ({ page, server }) => {
  await createStaff(server.database, { username: 'mod_anna', role: 'moderator', password: 'a long password 1' })

  await page.goto('/admin/dashboard')
  await page.waitForURL(/\/admin\/login$/)
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible()

  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.locator('form').getByRole('alert')).toHaveText('Username and password are required')
  await page.getByLabel('Username').fill('mod_anna')
  await page.getByLabel('Password').fill('wrong password')
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.locator('form').getByRole('alert')).toHaveText('Invalid credentials')

  await page.getByLabel('Password').fill('a long password 1')
  await page.getByRole('button', { name: 'Login' }).click()
  await page.waitForURL(/\/admin\/dashboard$/)
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible()
  await expect(page.getByText('Logged in as:')).toBeVisible()
  await expect(page.locator('header').getByText('moderator', { exact: true })).toHaveClass(/bg-yellow-400/)
  const nav = page.getByRole('navigation', { name: 'Staff' })
  await expect(nav.getByRole('link')).toHaveText(['Dashboard', /^Reports/, 'Bans', 'Actions', 'Files', 'Statistics'])
  await expect(page.getByRole('link', { name: 'Add Admin User' })).toHaveCount(0)
  expect(JSON.parse(await page.evaluate(() => localStorage.getItem('adminUser') ?? 'null'))).toMatchObject({
    username: 'mod_anna',
    role: 'moderator',
  })
  await page.screenshot({ path: 'test-results/admin-dashboard.png' })

  await page.getByRole('button', { name: 'Logout' }).click()
  await page.waitForURL(/\/admin\/login$/)
  expect(await page.evaluate(() => localStorage.getItem('adminUser'))).toBeNull()
  await page.goto('/admin/dashboard')
  await page.waitForURL(/\/admin\/login$/)
})

test('unparsable stored admin data is removed and leads to login', async ({ page, server }) => {
  await createStaff(server.database, { username: 'root_admin', role: 'admin', password: 'a long password 2' })
  await page.goto('/admin/login')
  await page.getByLabel('Username').fill('root_admin')
  await page.getByLabel('Password').fill('a long password 2')
  await page.getByRole('button', { name: 'Login' }).click()
  await page.waitForURL(/\/admin\/dashboard$/)
  await expect(page.getByRole('navigation', { name: 'Staff' }).getByRole('link')).toHaveText([
    'Dashboard',
    /^Reports/,
    'Bans',
    'Actions',
    'Users',
    'Rangebans',
    'Filters',
    'Files',
    'Housekeeping',
    'Settings',
    'Statistics',
  ])
  await page.evaluate(() => localStorage.setItem('adminUser', '{not json'))
  await page.goto('/admin')
  await page.waitForURL(/\/admin\/login$/)
  expect(await page.evaluate(() => localStorage.getItem('adminUser'))).toBeNull()
})
