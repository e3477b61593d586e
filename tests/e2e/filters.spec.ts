import { test, expect } from './fixtures'
import { staffLogin } from './staff-login'
import { as, form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { createStaff } from '../helpers/staff'

// A word no other test posts, on one board only, so the rule cannot touch another test even while it exists.
const WORD = 'zorblax'
const BOARD = 'gaming'

test('an admin adds a word filter, a visitor is refused with its message, the admin edits it and deletes it', async ({
  browser,
  baseURL,
  server,
}) => {
  await createStaff(server.database, { username: 'filter_e2e', role: 'admin', password: 'filter password 1' })
  const thread = await postForm(
    `${baseURL}/api/boards/${BOARD}/threads`,
    form({ topic: 'Filters', content: 'a thread to reply to' }, { name: 'a.png', bytes: await png() }),
    as('198.51.100.71'),
  )
  expect(thread.status).toBe(201)

  const staff = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': '10.0.0.71' } })
  const page = await staff.newPage()
  await staffLogin(page, 'filter_e2e', 'filter password 1')
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Filters' }).click()
  await page.waitForURL(/\/admin\/filters$/)
  const ruleForm = page.getByRole('form', { name: 'Filter rule' })
  await ruleForm.getByLabel('Pattern').fill(WORD)
  await ruleForm.getByLabel('Message shown to the poster').fill('No zorblax talk here.')
  await ruleForm.getByRole('checkbox', { name: `/${BOARD}/` }).check()
  await ruleForm.getByRole('button', { name: 'Add Filter' }).click()
  await expect(ruleForm.getByText('Filter created')).toBeVisible()
  const row = page.getByRole('row', { name: new RegExp(WORD) })
  await expect(row).toContainText(`/${BOARD}/`)
  await expect(row).toContainText('Reject: “No zorblax talk here.”')
  await page.screenshot({ path: 'test-results/admin-filters.png', fullPage: true })

  const visitor = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.72' } })
  const reader = await visitor.newPage()
  await reader.goto(`/board/${BOARD}/thread/${thread.body.threadId}`)
  await reader.getByLabel('Reply', { exact: true }).getByRole('textbox').fill(`I like ${WORD.toUpperCase()} a lot`)
  await reader.getByRole('button', { name: 'Post Reply' }).click()
  await expect(reader.getByLabel('Reply', { exact: true }).getByRole('alert')).toHaveText('No zorblax talk here.')

  // Edited into a replacement, the next reply goes through with the word replaced.
  await row.getByRole('button', { name: 'Edit' }).click()
  await ruleForm.getByLabel('Action').selectOption('replace')
  await ruleForm.getByLabel('Replacement').fill('[filtered]')
  await ruleForm.getByRole('button', { name: 'Save Filter' }).click()
  await expect(row).toContainText('Replace with “[filtered]”')
  await reader.getByLabel('Reply', { exact: true }).getByRole('textbox').fill(`I like ${WORD} a lot`)
  await reader.getByRole('button', { name: 'Post Reply' }).click()
  await expect(reader.getByText('I like [filtered] a lot')).toBeVisible()

  page.once('dialog', (d) => d.accept())
  await row.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByRole('row', { name: new RegExp(WORD) })).toHaveCount(0)

  await page.setViewportSize({ width: 390, height: 844 })
  await page.reload()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.screenshot({ path: 'test-results/admin-filters-390.png', fullPage: true })
  await staff.close()
  await visitor.close()
})
