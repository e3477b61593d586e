// Posting with JavaScript off: the create-thread and reply forms are real multipart forms; the post is created
// and the visitor lands on it, and a refusal comes back rendered next to the fields with the text kept.
import { writeFileSync, mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { test, expect } from './fixtures'
import { as, form, postForm } from '../helpers/http'
import { png } from '../helpers/media'

// Production's stale-page window (the test helper turns it off): the thread page is cached by the visitor's first
// visit, and their own reply must still be on the page the form post redirects them to.
test.use({ serverEnv: { PAGE_STALE_MS: '2000' } })

test('a reply posted with JavaScript disabled is created and the visitor lands on it', async ({ browser, baseURL }) => {
  const op = await postForm(
    `${baseURL}/api/boards/diy/threads`,
    form({ topic: 'No script thread', content: 'op' }, { name: 'a.png', bytes: await png() }),
    as('198.51.100.90'),
  )
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.91' },
  })
  const page = await context.newPage()
  await page.goto(`${baseURL}/board/diy/thread/${op.body.threadId}`)
  const reply = page.getByRole('form', { name: 'Reply' })
  await reply.getByRole('textbox').fill('Written without any JavaScript\n>and a green line')
  await reply.getByRole('button', { name: 'Post Reply' }).click()
  await expect(page).toHaveURL(new RegExp(`/board/diy/thread/${op.body.threadId}#post-\\d+$`))
  const postId = new URL(page.url()).hash.slice('#post-'.length)
  await expect(page.locator(`#post-${postId}`)).toContainText('Written without any JavaScript')
  await expect(page.locator(`#post-${postId}`).locator('.text-green-700')).toHaveText('>and a green line')
  // The poster cookie is set as the API would set it, so the post is the visitor's own.
  expect((await context.cookies()).find((c) => c.name === 'cb_poster')).toMatchObject({
    httpOnly: true,
    sameSite: 'Lax',
  })
  await context.close()
})

test('a thread created with JavaScript disabled, after a refusal rendered next to its field with the text kept', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.92' },
  })
  const page = await context.newPage()
  await page.goto(`${baseURL}/board/fitness/create-thread`)
  const thread = page.getByRole('form', { name: 'Create thread' })
  await thread.getByLabel('Topic').fill('Squats without scripts')
  await thread.getByLabel('Content').fill('How deep do you go?')
  // No file: the server refuses, and says so next to the file field; what was typed is still there.
  await thread.getByRole('button', { name: 'Create Thread' }).click()
  await expect(page.locator('#image-error')).toHaveText('Image or video is required')
  await expect(thread.getByLabel('Topic')).toHaveValue('Squats without scripts')
  await expect(thread.getByLabel('Content')).toHaveValue('How deep do you go?')

  const dir = mkdtempSync(path.join(os.tmpdir(), 'corkboard-nojs-'))
  const file = path.join(dir, 'squat.png')
  writeFileSync(file, await png())
  await thread.getByLabel('Image or video').setInputFiles(file)
  await thread.getByRole('button', { name: 'Create Thread' }).click()
  await expect(page).toHaveURL(/\/board\/fitness\/thread\/\d+$/)
  await expect(page.getByRole('heading', { name: 'Squats without scripts' })).toBeVisible()
  await expect(page.getByText('How deep do you go?')).toBeVisible()
  await expect(page.locator('img[src*="-thumb.webp"]').first()).toBeVisible()
  await context.close()
})

test('a refused reply without JavaScript shows the reason and keeps the text', async ({ browser, baseURL }) => {
  const op = await postForm(
    `${baseURL}/api/boards/diy/threads`,
    form({ topic: 'Limits', content: 'op' }, { name: 'a.png', bytes: await png() }),
    as('198.51.100.93'),
  )
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.94' },
  })
  const page = await context.newPage()
  await page.goto(`${baseURL}/board/diy/thread/${op.body.threadId}`)
  const reply = page.getByRole('form', { name: 'Reply' })
  const tooLong = 'y'.repeat(4001)
  await reply.getByRole('textbox').fill(tooLong)
  await reply.getByRole('button', { name: 'Post Reply' }).click()
  await expect(page.getByRole('form', { name: 'Reply' }).getByRole('alert')).toHaveText(
    'Your post content is too long. Please shorten it and try again.',
  )
  await expect(page.getByRole('form', { name: 'Reply' }).getByRole('textbox')).toHaveValue(tooLong)
  await context.close()
})
