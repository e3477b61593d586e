// Honest limits in the reply form: a file refused for its content does not use up the posting limit, and once the
// limit is reached the form says how long to wait, from the server's Retry-After.
import { test, expect } from './fixtures'
import { as, form, postForm } from '../helpers/http'
import { png } from '../helpers/media'

// Two replies per ten minutes: small enough to reach in a test, long enough to be written in minutes.
test.use({
  serverEnv: {
    RATE_LIMITS: JSON.stringify({
      api: { points: 100000 },
      threadCreate: { points: 1000 },
      postCreate: { points: 2, duration: 600 },
    }),
  },
})

test('a 415 does not use up the limit; the reply after the limit says to wait 10 minutes', async ({
  browser,
  baseURL,
}) => {
  const op = await postForm(
    `${baseURL}/api/boards/tech/threads`,
    form({ topic: 'Limits in words', content: 'op' }, { name: 'a.png', bytes: await png() }),
    as('198.51.100.150'),
  )
  expect(op.status).toBe(201)
  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.151' } })
  const page = await context.newPage()
  await page.goto(`${baseURL}/board/tech/thread/${op.body.threadId}`)
  const reply = page.getByRole('form', { name: 'Reply' })
  const alert = reply.getByRole('alert')

  // HTML named .png passes the form's own check and is refused by the server for its content.
  await reply.getByLabel('Image, video or audio').setInputFiles({
    name: 'page.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<html><body>not an image</body></html>'),
  })
  await reply.getByRole('button', { name: 'Post Reply' }).click()
  await expect(alert).toHaveText('Invalid file type. Only PNG, JPG, WebP, GIF, MP4, WebM and MP3 files are allowed.')
  await reply.getByLabel('Image, video or audio').setInputFiles([])

  // Both replies of the limit are still there.
  for (const text of ['first reply', 'second reply']) {
    await reply.getByRole('textbox').fill(text)
    await reply.getByRole('button', { name: 'Post Reply' }).click()
    await expect(page.locator('article', { hasText: text }).first()).toBeVisible()
    await expect(reply.getByRole('textbox')).toHaveValue('')
  }
  await reply.getByRole('textbox').fill('third reply')
  await reply.getByRole('button', { name: 'Post Reply' }).click()
  await expect(alert).toHaveText(/^You are posting too quickly\. Please wait (9|10) minutes before posting again\.$/)
  await expect(reply.getByRole('textbox')).toHaveValue('third reply')
  await context.close()
})
