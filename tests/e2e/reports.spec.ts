import { test, expect } from './fixtures'
import { staffLogin } from './staff-login'
import { png } from '../helpers/media'
import { createStaff } from '../helpers/staff'

// Reports go to the fitness board only, which no other browser test reports on: the moderator assigned to it
// sees exactly these counts.
test('a visitor reports a post; the moderator sees the badge rise live, deletes the post from the queue, and it falls', async ({
  browser,
  baseURL,
  server,
}) => {
  const mod = await createStaff(server.database, {
    username: 'reports_mod',
    role: 'moderator',
    password: 'moderator password',
    boards: ['fitness'],
  })
  const visitor = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.81' } })
  const staff = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': '10.0.0.81' } })
  const res = await visitor.request.post('/api/boards/fitness/threads', {
    multipart: {
      topic: 'Protein',
      content: 'buy my miracle powder',
      image: { name: 'a.png', mimeType: 'image/png', buffer: await png() },
    },
  })
  const thread = (await res.json()) as { threadId: number; postId: number }

  const m = await staff.newPage()
  await staffLogin(m, mod.username, mod.password)
  const badge = m.getByTestId('report-badge')
  await expect(badge).toHaveText('0')

  // The visitor reports from the thread page, with the keyboard.
  const v = await visitor.newPage()
  await v.goto(`/board/fitness/thread/${thread.threadId}`)
  await v.getByRole('button', { name: `Report post ${thread.postId}` }).click()
  const dialog = v.getByRole('dialog', { name: `Report post No. ${thread.postId}` })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Send report' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Please choose a category.')
  await dialog.getByRole('radio', { name: 'Spam' }).check()
  await dialog.getByLabel('Reason (optional)').fill('advertising')
  await v.setViewportSize({ width: 1280, height: 800 })
  await v.screenshot({ path: 'test-results/report-dialog.png' })
  await v.setViewportSize({ width: 390, height: 844 })
  await v.screenshot({ path: 'test-results/report-dialog-mobile.png' })
  await dialog.getByRole('button', { name: 'Send report' }).click()
  await expect(dialog.getByRole('status')).toContainText('Report received')
  await v.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(v.getByRole('button', { name: `Report post ${thread.postId}` })).toBeFocused()

  // No reload: the badge rises over the socket.
  await expect(badge).toHaveText('1')

  await m.getByRole('link', { name: /^Reports/ }).click()
  await m.waitForURL(/\/admin\/reports$/)
  const card = m.getByTestId(`report-${thread.postId}`)
  await expect(card).toContainText('buy my miracle powder')
  await expect(card).toContainText('Spam × 1')
  await expect(card).toContainText('advertising')
  await expect(card.locator('img')).toBeVisible()
  await m.setViewportSize({ width: 1280, height: 800 })
  await m.screenshot({ path: 'test-results/admin-reports.png', fullPage: true })
  await m.setViewportSize({ width: 390, height: 844 })
  await m.screenshot({ path: 'test-results/admin-reports-mobile.png', fullPage: true })

  await card.getByRole('button', { name: 'Delete post' }).click()
  await expect(m.getByLabel(`Reason for deleting post ${thread.postId}`)).toHaveValue('Reported: spam')
  await card.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(badge).toHaveText('0')
  await expect(m.getByText('No open reports')).toBeVisible()
  await expect(card).toHaveCount(0)

  await visitor.close()
  await staff.close()
})
