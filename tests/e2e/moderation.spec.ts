import type { BrowserContext } from '@playwright/test'
import { test, expect } from './fixtures'
import { staffLogin } from './staff-login'
import { png } from '../helpers/media'
import { createStaff } from '../helpers/staff'

async function postThread(context: BrowserContext, board: string, content: string) {
  const res = await context.request.post(`/api/boards/${board}/threads`, {
    multipart: { topic: 'Thread', content, image: { name: 'a.png', mimeType: 'image/png', buffer: await png() } },
  })
  return { status: res.status(), body: await res.json() }
}

test('a moderator bans from the post menu; the visitor appeals; approval lets them post again', async ({
  browser,
  baseURL,
  server,
}) => {
  const mod = await createStaff(server.database, {
    username: 'mod_e2e',
    role: 'moderator',
    password: 'moderator password',
  })
  const visitor = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.50' } })
  const staff = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': '10.0.0.77' } })
  const v = await visitor.newPage()
  const m = await staff.newPage()

  const { body: thread } = await postThread(visitor, 'tech', 'buy cheap watches')
  await staffLogin(m, mod.username, mod.password)
  await m.goto(`/board/tech/thread/${thread.threadId}`)
  await m.getByRole('button', { name: `Staff menu for post ${thread.postId}` }).click()
  await m.getByRole('menuitem', { name: 'Ban User' }).click()
  await m.waitForURL(/\/admin\/bans\/create\?/)
  await expect(m.getByTestId('ban-post-context')).toContainText('buy cheap watches')
  await expect(m.getByLabel('IP Address')).toHaveValue('198.51.100.50')
  await expect(m.getByLabel('Duration').locator('option')).toHaveText([
    '1 Hour',
    '6 Hours',
    '12 Hours',
    '1 Day',
    '3 Days',
    '1 Week',
    '2 Weeks',
    '1 Month',
  ])
  await m.getByLabel('Reason').fill('spam')
  await m.getByRole('button', { name: 'Create Ban' }).click()
  await m.waitForURL(/\/admin\/bans$/)
  await expect(m.locator('tr', { hasText: '198.51.100.50' })).toBeVisible()

  // The visitor now sees the ban screen instead of the board, with their post, and appeals.
  await v.goto('/board/tech')
  await expect(v.getByRole('heading', { name: 'You are banned from this board' })).toBeVisible()
  await expect(v.getByText('buy cheap watches')).toBeVisible()
  await v.getByRole('button', { name: 'Appeal this ban' }).click()
  await v.getByRole('button', { name: 'Submit Appeal' }).click()
  await expect(v.getByRole('form', { name: 'Appeal' }).getByRole('alert')).toHaveText('Please enter an appeal reason')
  await v.getByLabel('Your appeal').fill('It was a joke, sorry.')
  await v.getByRole('button', { name: 'Submit Appeal' }).click()
  await expect(v.getByTestId('appeal-status')).toContainText('pending')
  await v.screenshot({ path: 'test-results/ban-screen.png' })
  expect((await postThread(visitor, 'tech', 'still banned?')).status).toBe(403)

  // The moderator approves it on /admin/bans.
  await m.goto('/admin/bans?filter=pending')
  const row = m.locator('tr', { hasText: '198.51.100.50' })
  m.once('dialog', (d) => {
    expect(d.message()).toBe('Are you sure you want to approve this appeal?')
    void d.accept()
  })
  await row.getByRole('button', { name: 'Approve' }).click()
  await expect(row).toHaveCount(0)

  expect((await postThread(visitor, 'tech', 'back again')).status).toBe(201)
  await v.goto('/board/tech')
  await expect(v.getByRole('heading', { name: '/tech/ - Technology' })).toBeVisible()
  await visitor.close()
  await staff.close()
})

test('a janitor deletes a post with a reason and it disappears live for another reader', async ({
  browser,
  baseURL,
  server,
}) => {
  const jan = await createStaff(server.database, { username: 'jan_e2e', role: 'janitor', password: 'janitor password' })
  const staff = await browser.newContext({ baseURL })
  const reader = await browser.newContext({ baseURL })
  const { body: thread } = await postThread(reader, 'diy', 'a thread')
  const reply = await (
    await reader.request.post(`/api/boards/diy/threads/${thread.threadId}/posts`, {
      multipart: { content: 'rude reply' },
    })
  ).json()

  const r = await reader.newPage()
  await r.goto(`/board/diy/thread/${thread.threadId}`)
  await expect(r.getByText('rude reply')).toBeVisible()
  await expect(r.getByTestId('live-indicator')).toHaveText('Live updates enabled')

  const j = await staff.newPage()
  await staffLogin(j, jan.username, jan.password)
  await j.goto(`/board/diy/thread/${thread.threadId}`)
  await j.getByRole('button', { name: `Staff menu for post ${reply.postId}` }).click()
  await expect(j.getByRole('menuitem', { name: 'Change Color' })).toHaveCount(0)
  await j.screenshot({ path: 'test-results/staff-menu.png' })
  await j.getByRole('menuitem', { name: 'Delete Post' }).click()
  await j.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(j.getByRole('menu').getByRole('alert')).toHaveText('Reason is required')
  await j.getByLabel(`Reason for deleting post ${reply.postId}`).fill('rude')
  await j.getByRole('button', { name: 'Delete', exact: true }).click()

  await expect(r.getByText('rude reply')).toHaveCount(0, { timeout: 2000 })
  await expect(j.getByText('rude reply')).toHaveCount(0, { timeout: 2000 })
  await staff.close()
  await reader.close()
})

test('Check Mod History opens the moderation modal; sticky shows live to readers', async ({
  browser,
  baseURL,
  server,
}) => {
  const mod = await createStaff(server.database, {
    username: 'mod_hist',
    role: 'moderator',
    password: 'moderator password 3',
  })
  // An address of its own: the server is shared with other tests, whose moderation of 127.0.0.1 would show here.
  const reader = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.77' } })
  const staff = await browser.newContext({ baseURL })
  const { body: thread } = await postThread(reader, 'fitness', 'lift heavy')
  const r = await reader.newPage()
  await r.goto(`/board/fitness/thread/${thread.threadId}`)
  await expect(r.getByTestId('live-indicator')).toHaveText('Live updates enabled')
  await expect(r.getByTestId('sticky-pin')).toHaveCount(0)

  const m = await staff.newPage()
  await staffLogin(m, mod.username, mod.password)
  await m.goto(`/board/fitness/thread/${thread.threadId}`)
  await m.getByTestId('staff-thread-controls').getByRole('button', { name: 'Make sticky' }).click()
  await expect(r.getByTestId('sticky-pin')).toBeVisible({ timeout: 2000 })

  await m.getByRole('button', { name: `Staff menu for post ${thread.postId}` }).click()
  await m.getByRole('menuitem', { name: 'Check Mod History' }).click()
  const modal = m.getByRole('dialog', { name: 'Moderation history' })
  await expect(modal.getByTestId('mod-history')).toContainText('198.51.100.77')
  await expect(modal).toContainText('Actions: 0')
  await modal.getByRole('button', { name: 'Close' }).click()
  await expect(modal).toHaveCount(0)
  await staff.close()
  await reader.close()
})
