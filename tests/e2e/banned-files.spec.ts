import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { test, expect } from './fixtures'
import { staffLogin } from './staff-login'
import { as, form, postForm } from '../helpers/http'
import { scene } from '../helpers/media'
import { createStaff } from '../helpers/staff'

// A picture no other test uploads, so the ban cannot refuse another test's file even while it exists.
const SEED = 424242

test('a moderator bans a file from the staff menu, finds it at /admin/files and deletes the entry', async ({
  browser,
  baseURL,
  server,
}) => {
  await createStaff(server.database, { username: 'files_e2e', role: 'moderator', password: 'files password 1' })
  const image = await scene(SEED)
  const thread = await postForm(
    `${baseURL}/api/boards/tech/threads`,
    form({ topic: 'Banned files', content: 'a picture to ban' }, { name: 'pic.png', bytes: image }),
    as('198.51.100.81'),
  )
  expect(thread.status).toBe(201)

  const staff = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': '10.0.0.81' } })
  const page = await staff.newPage()
  await staffLogin(page, 'files_e2e', 'files password 1')
  await page.goto(`/board/tech/thread/${thread.body.threadId}`)
  await page.getByRole('button', { name: `Staff menu for post ${thread.body.postId}` }).click()
  await page.getByRole('menuitem', { name: 'Ban File' }).click()
  await page.getByLabel(`Reason for banning the file of post ${thread.body.postId}`).fill('E2E spam picture')
  await page.screenshot({ path: 'test-results/ban-file-menu.png' })
  await page.getByRole('button', { name: 'Ban file' }).click()
  await expect(page.getByRole('menu')).toHaveCount(0)

  // The same bytes are refused from now on, on any board.
  const again = await postForm(
    `${baseURL}/api/boards/diy/threads`,
    form({ topic: 'again', content: 'again' }, { name: 'pic.png', bytes: image }),
    as('198.51.100.82'),
  )
  expect({ status: again.status, body: again.body }).toEqual({ status: 403, body: { error: 'File banned' } })
  // Without JavaScript the form's server action takes the same path and shows the refusal next to the form.
  const noScript = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.84' },
  })
  const visitor = await noScript.newPage()
  await visitor.goto(`/board/tech/thread/${thread.body.threadId}`)
  const replyForm = visitor.getByRole('form', { name: 'Reply' })
  await replyForm.getByRole('textbox').fill('the same picture again')
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'corkboard-banned-')), 'again.png')
  writeFileSync(file, image)
  await replyForm.getByLabel('Image, video or audio').setInputFiles(file)
  await replyForm.getByRole('button', { name: 'Post Reply' }).click()
  await expect(visitor.getByRole('form', { name: 'Reply' }).getByRole('alert')).toHaveText(
    'This file is not allowed on this site. Please choose another one.',
  )
  await noScript.close()

  await page.goto('/admin/dashboard')
  // Once the page's link prefetches are done: a click while Next's router was still prefetching /admin/files once
  // left the page where it was (CI on PostgreSQL, 7 December: both prefetches answered 200, no navigation followed).
  await page.waitForLoadState('networkidle')
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Files' }).click()
  await page.waitForURL(/\/admin\/files$/)
  const row = page.getByRole('listitem', { name: /E2E spam picture/ })
  await expect(row).toContainText(`/tech/ No.${thread.body.postId}`)
  await expect(row).toContainText('similar images too')
  await expect(row).toContainText('files_e2e')
  await page.screenshot({ path: 'test-results/admin-files.png', fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.reload()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.screenshot({ path: 'test-results/admin-files-390.png', fullPage: true })

  // The action log can be filtered to file bans, and lists this one with its reason.
  await page.goto('/admin/actions')
  await page.getByLabel('Action Type').selectOption({ label: 'File Banned' })
  await page.getByRole('button', { name: 'Apply' }).click()
  await page.waitForURL(/action_type=file_ban/)
  await expect(page.getByRole('row', { name: /E2E spam picture/ })).toContainText('file_ban')

  await page.goto('/admin/files')
  page.once('dialog', (d) => d.accept())
  await page
    .getByRole('listitem', { name: /E2E spam picture/ })
    .getByRole('button', { name: 'Delete' })
    .click()
  await expect(page.getByRole('listitem', { name: /E2E spam picture/ })).toHaveCount(0)
  await page.reload()
  await expect(page.getByRole('listitem', { name: /E2E spam picture/ })).toHaveCount(0)

  const allowed = await postForm(
    `${baseURL}/api/boards/diy/threads`,
    form({ topic: 'allowed', content: 'allowed again' }, { name: 'pic.png', bytes: image }),
    as('198.51.100.83'),
  )
  expect(allowed.status).toBe(201)
  await staff.close()
})
