import { test, expect } from './fixtures'
import { staffLogin } from './staff-login'
import { createStaff } from '../helpers/staff'

test('an admin runs housekeeping from its page and sees the results', async ({ page, server }) => {
  const admin = await createStaff(server.database, {
    username: 'keeper_e2e',
    role: 'admin',
    password: 'keeper password 1',
  })
  await staffLogin(page, admin.username, admin.password)
  await page.getByRole('link', { name: 'Housekeeping' }).click()
  await expect(page.getByRole('heading', { name: 'Housekeeping', level: 1 })).toBeVisible()
  // Test servers run no schedule (HOUSEKEEPING=off).
  await expect(page.getByTestId('schedule-state')).toHaveText('Stopped')
  await expect(page.getByText('runs automatically every hour and on server startup')).toBeVisible()

  let asked = ''
  page.once('dialog', (d) => {
    asked = d.message()
    void d.accept()
  })
  await page.getByRole('button', { name: 'Run Housekeeping Now' }).click()
  const results = page.getByRole('region', { name: 'Results' })
  // Every board is checked; other tests of this server may have added boards to the twelve defaults.
  const boards = ((await (await page.request.get('/api/boards')).json()) as { boards: unknown[] }).boards.length
  expect(boards).toBeGreaterThanOrEqual(12)
  await expect(results.getByTestId('task-Thread cleanup')).toContainText(`Boards checked${boards}`)
  await expect(results.getByTestId('task-File cleanup')).toContainText('Orphaned files found0')
  await expect(results).toContainText(/Completed: .+ \(\d+ms\)/)
  expect(asked).toBe(
    'Are you sure you want to run housekeeping now? This will clean up orphaned files and excess threads.',
  )
  await expect(page.getByText(/^Last run: (?!Never)/)).toBeVisible()
  await page.screenshot({ path: 'test-results/admin-housekeeping.png', fullPage: true })

  // A dismissed confirmation runs nothing.
  page.once('dialog', (d) => void d.dismiss())
  await page.getByRole('button', { name: 'Run Housekeeping Now' }).click()
  await expect(page.getByRole('button', { name: 'Run Housekeeping Now' })).toBeEnabled()
})
