import type { Page } from '@playwright/test'
import { test, expect } from './fixtures'
import { form, postForm } from '../helpers/http'
import { png, mp4 } from '../helpers/media'

async function createThreadViaUi(page: Page, board: string, topic: string, content: string) {
  await page.goto(`/board/${board}/create-thread`)
  await page.getByLabel('Topic').fill(topic)
  await page.getByLabel('Content').fill(content)
  await page
    .getByLabel('Image or video')
    .setInputFiles({ name: 'pic.png', mimeType: 'image/png', buffer: await png(120, 80) })
  await page.getByRole('button', { name: 'Create Thread' }).click()
  await expect(page.getByText('Thread created successfully! Redirecting to thread...')).toBeVisible()
  await page.waitForURL(new RegExp(`/board/${board}/thread/\\d+$`))
  return Number(page.url().split('/').pop())
}

async function replyViaUi(page: Page, text: string, file?: { name: string; mimeType: string; buffer: Buffer }) {
  const before = await page.locator('article[data-post-id]').count()
  await page.getByLabel('Reply', { exact: true }).getByRole('textbox').fill(text)
  if (file) await page.getByLabel('Reply', { exact: true }).getByLabel('Image, video or audio').setInputFiles(file)
  await page.getByRole('button', { name: 'Post Reply' }).click()
  await expect(page.locator('article[data-post-id]')).toHaveCount(before + 1)
}

test('create a thread, reply with text and video, quote, preview, and see it live elsewhere', async ({
  page,
  browser,
  baseURL,
}) => {
  const threadId = await createThreadViaUi(page, 'tech', 'Editors', 'Which editor do you use?')
  await expect(page.getByRole('heading', { name: 'Editors' })).toBeVisible()
  await expect(page.getByText('Posts (1)')).toBeVisible()
  await expect(page.getByTestId('live-indicator')).toHaveText('Live updates enabled')

  // A second reader on the same thread.
  const other = await browser.newContext({ baseURL })
  const otherPage = await other.newPage()
  await otherPage.goto(`/board/tech/thread/${threadId}`)
  await expect(otherPage.getByTestId('live-indicator')).toHaveText('Live updates enabled')

  await replyViaUi(page, 'Vim, obviously')
  await expect(otherPage.getByText('Vim, obviously')).toBeVisible({ timeout: 2000 })

  await replyViaUi(page, 'Here is a clip', { name: 'clip.mp4', mimeType: 'video/mp4', buffer: await mp4() })
  await expect(page.locator('img[alt^="video attached"]')).toHaveCount(1)
  await expect(otherPage.locator('img[alt^="video attached"]')).toHaveCount(1, { timeout: 2000 })

  // Quote the opening post by clicking its number.
  const op = page.locator('article[data-post-id]').first()
  const opId = await op.getAttribute('data-post-id')
  await op.getByRole('button', { name: `No. ${opId}` }).click()
  await expect(page.getByLabel('Reply', { exact: true }).getByRole('textbox')).toHaveValue(`>>${opId}\n`)
  await page.getByLabel('Reply', { exact: true }).getByRole('textbox').type('Agreed')
  await page.getByRole('button', { name: 'Post Reply' }).click()
  const quoting = page.locator('article[data-post-id]').last()
  await expect(quoting).toContainText('Agreed')

  // Own posts are marked, and references to them read (You).
  await expect(quoting.getByText('(You)').first()).toBeVisible()
  // Hovering the reference shows a preview of the opening post.
  await quoting.locator(`a[data-ref="${opId}"]`).hover()
  await expect(page.getByTestId('ref-preview')).toContainText('Which editor do you use?')
  // The opening post lists the reply as a backlink.
  await expect(op.locator('header a[data-ref]')).toHaveCount(1)
  await page.screenshot({ path: 'test-results/thread.png', fullPage: true })
  await other.close()
})

test('quote link ?quote= pre-fills the reply form', async ({ page, baseURL }) => {
  const res = await postForm(
    `${baseURL}/api/boards/diy/threads`,
    form({ topic: 'Shelves', content: 'How to hang them?' }, { name: 'a.png', bytes: await png() }),
  )
  await page.goto(`/board/diy/thread/${res.body.threadId}?quote=${res.body.postId}`)
  await expect(page.getByLabel('Reply', { exact: true }).getByRole('textbox')).toHaveValue(`>>${res.body.postId}\n`)
})

test('hide and unhide a post, a thread and a user; delete an own post', async ({ page, baseURL }) => {
  const threadId = await createThreadViaUi(page, 'science', 'Hiding things', 'OP text')
  await replyViaUi(page, 'a reply to hide')
  const reply = page.locator('article[data-post-id]').nth(1)
  const replyId = await reply.getAttribute('data-post-id')

  await reply.getByRole('button', { name: `Hide post ${replyId}` }).click()
  await expect(page.locator(`#post-${replyId}`)).toHaveText(/Post hidden/)
  await page.reload()
  await expect(page.locator(`#post-${replyId}`)).toHaveText(/Post hidden/)
  await page.getByRole('button', { name: `Show post ${replyId}` }).click()
  await expect(page.locator(`#post-${replyId}`)).toContainText('a reply to hide')

  // /science/ shows poster ids: hiding the user hides all their posts.
  await reply.getByRole('button', { name: /Hide poster/ }).click()
  await expect(page.getByText('User hidden')).toHaveCount(2)
  await page
    .getByRole('button', { name: /Show post/ })
    .first()
    .click()
  await expect(page.getByText('User hidden')).toHaveCount(0)

  // Threads hide on the board page.
  await page.goto('/board/science')
  const card = page.locator(`[data-thread-id="${threadId}"]`)
  await card.getByRole('button', { name: `Hide thread ${threadId}` }).click()
  await expect(card).toHaveText(/Thread hidden/)
  await card.getByRole('button', { name: `Unhide thread ${threadId}` }).click()
  await expect(card).toContainText('Hiding things')

  // Delete the own reply.
  await page.goto(`/board/science/thread/${threadId}`)
  page.once('dialog', (d) => void d.accept())
  await page.locator(`#post-${replyId}`).getByRole('button', { name: 'Delete' }).click()
  await expect(page.locator(`#post-${replyId}`)).toHaveCount(0)
  const api = await (await fetch(`${baseURL}/api/boards/science/threads/${threadId}/posts`)).json()
  expect(api.posts.map((p: { id: number }) => p.id)).not.toContain(Number(replyId))
})

test('the whole card opens the thread', async ({ page }) => {
  const threadId = await createThreadViaUi(page, 'food', 'Soup', 'Best soup?')
  await page.goto('/board/food')
  await page.locator(`[data-thread-id="${threadId}"]`).getByText('Best soup?').click()
  await page.waitForURL(new RegExp(`/board/food/thread/${threadId}$`))
})

test('thread form shows every validation message', async ({ page }) => {
  await page.goto('/board/tech/create-thread')
  await page.getByRole('button', { name: 'Create Thread' }).click()
  // Scoped to the form: Next adds its own role=alert route announcer to every page.
  const alert = page.locator('form').getByRole('alert')
  await expect(alert).toContainText('Topic is required')
  await expect(alert).toContainText('Content is required')
  await expect(alert).toContainText('Image or video is required')

  // Each message goes as soon as its field is right, without sending again.
  await page.getByLabel('Topic').fill('t')
  await expect(alert).not.toContainText('Topic is required')
  await expect(alert).toContainText('Content is required')
  await page.getByLabel('Content').fill('c')
  await expect(alert).not.toContainText('Content is required')
  await expect(alert).toHaveText('Image or video is required')
  // The poll editor tells its question from its options.
  await page.getByLabel('Add a poll').check()
  await expect(page.getByPlaceholder('What do you want to ask?')).toBeVisible()
  await expect(page.getByPlaceholder('Option 1')).toBeVisible()
  await page.getByLabel('Add a poll').uncheck()
  await page
    .getByLabel('Image or video')
    .setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(4 * 1024 * 1024 + 1) })
  await page.getByRole('button', { name: 'Create Thread' }).click()
  await expect(alert).toHaveText('File size must be less than 4MB')

  await page
    .getByLabel('Image or video')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
  await page.getByRole('button', { name: 'Create Thread' }).click()
  await expect(alert).toHaveText('Invalid file type. Only PNG, JPG, WebP, GIF, MP4, WebM and MP3 files are allowed.')

  // The server decides by content: an HTML file named .png comes back with the catalogue message.
  await page
    .getByLabel('Image or video')
    .setInputFiles({ name: 'page.png', mimeType: 'image/png', buffer: Buffer.from('<html><body>hi</body></html>') })
  await page.getByRole('button', { name: 'Create Thread' }).click()
  await expect(alert).toHaveText('Invalid file type. Only PNG, JPG, WebP, GIF, MP4, WebM and MP3 files are allowed.')

  // Content preview renders markup.
  await page.getByLabel('Content').fill('>greentext')
  await page.getByRole('button', { name: 'Preview' }).click()
  await expect(page.getByTestId('content-preview').locator('.text-green-700')).toHaveText('>greentext')
})

test('reply form shows its validation messages and the character counter', async ({ page, baseURL }) => {
  const res = await postForm(
    `${baseURL}/api/boards/anime/threads`,
    form({ topic: 'Counter', content: 'op' }, { name: 'a.png', bytes: await png() }),
  )
  await page.goto(`/board/anime/thread/${res.body.threadId}`)
  const box = page.getByLabel('Reply', { exact: true }).getByRole('textbox')
  await page.getByRole('button', { name: 'Post Reply' }).click()
  await expect(page.locator('form').getByRole('alert')).toHaveText('Either content or an image/video is required')

  await box.fill('x'.repeat(3850))
  await expect(page.getByTestId('remaining')).toHaveText('150 characters remaining')
  await expect(page.getByTestId('remaining')).toHaveClass(/text-slate-500/)
  await box.fill('x'.repeat(3920))
  await expect(page.getByTestId('remaining')).toHaveClass(/text-amber-600/)
  await box.fill('x'.repeat(3960))
  await expect(page.getByTestId('remaining')).toHaveClass(/text-red-600/)
  await box.fill('x'.repeat(4001))
  await expect(page.getByTestId('remaining')).toHaveText('1 characters over the limit')
  await page.getByRole('button', { name: 'Post Reply' }).click()
  await expect(page.locator('form').getByRole('alert')).toHaveText(
    'Your post content is too long. Please shorten it and try again.',
  )
})

test('archived threads are read-only', async ({ page, baseURL, server }) => {
  const res = await postForm(
    `${baseURL}/api/boards/movies/threads`,
    form({ topic: 'Old', content: 'op' }, { name: 'a.png', bytes: await png() }),
  )
  const { sql } = await import('../helpers/sql')
  await sql(
    server.database,
    'UPDATE threads SET is_dead = ?, died_at = ? WHERE id = ?',
    true,
    new Date(),
    res.body.threadId,
  )
  await page.goto(`/board/movies/thread/${res.body.threadId}`)
  await expect(page.getByTestId('archived-banner')).toContainText(/Time remaining before deletion: 4[78]h/)
  await expect(page.getByText('This thread has been archived and no longer accepts new posts')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Post Reply' })).toHaveCount(0)
  await expect(
    page.locator(`#post-${res.body.postId}`).getByTitle('Cannot quote posts in archived threads'),
  ).toBeVisible()
})

test('board and thread pages show their posts without JavaScript', async ({ browser, baseURL }) => {
  const res = await postForm(
    `${baseURL}/api/boards/sports/threads`,
    form({ topic: 'No JS here', content: 'Readable without scripts' }, { name: 'a.png', bytes: await png() }),
  )
  await postForm(
    `${baseURL}/api/boards/sports/threads/${res.body.threadId}/posts`,
    form({ content: 'A reply for crawlers' }),
  )
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL })
  const page = await context.newPage()
  await page.goto('/board/sports')
  await expect(page.getByText('Readable without scripts')).toBeVisible()
  await expect(page.getByText('A reply for crawlers')).toBeVisible()
  await page.goto(`/board/sports/thread/${res.body.threadId}`)
  await expect(page.getByRole('heading', { name: 'No JS here' })).toBeVisible()
  await expect(page.getByText('A reply for crawlers')).toBeVisible()
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute(
    'href',
    new RegExp(`/board/sports/thread/${res.body.threadId}$`),
  )
  await context.close()
})

test('unknown boards and threads answer 404 with the not-found page', async ({ page }) => {
  expect((await page.goto('/board/nope'))?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
  await expect(page).toHaveTitle('Page not found - Corkboard')
  expect((await page.goto('/board/tech/thread/999999'))?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
  await page.goto('/board/tech')
  await expect(page.getByRole('heading', { name: '/tech/ - Technology' })).toBeVisible()
})

test('a slow navigation shows the loading screen and, after 5 s, the wake-up notice', async ({ page }) => {
  await page.goto('/')
  // Hold the page-data request of the client-side navigation for 6 s.
  await page.route(/\/board\/tech(\?|$)/, async (route) => {
    await new Promise((r) => setTimeout(r, 6000))
    await route.continue()
  })
  await page.getByRole('link', { name: /\/tech\// }).click()
  await expect(page.getByTestId('navigation-loading')).toContainText('Loading...')
  await expect(page.getByTestId('navigation-loading')).toContainText(
    'The server may be waking up. Please wait, this can take up to 50 seconds.',
    { timeout: 7000 },
  )
  await page.waitForURL(/\/board\/tech$/, { timeout: 15000 })
  await expect(page.getByTestId('navigation-loading')).toHaveCount(0)
})

test('the owner deletes their thread from the board page', async ({ page }) => {
  const threadId = await createThreadViaUi(page, 'gaming', 'Short-lived', 'Gone soon')
  await page.goto('/board/gaming')
  const card = page.locator(`[data-thread-id="${threadId}"]`)
  page.once('dialog', (d) => void d.accept())
  await card.getByRole('button', { name: 'Delete thread' }).click()
  await expect(card).toHaveCount(0)
  expect((await page.goto(`/board/gaming/thread/${threadId}`))?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
})

test('a reader scrolled up gets the New posts available button; one at the bottom does not', async ({
  page,
  baseURL,
}) => {
  const res = await postForm(
    `${baseURL}/api/boards/business/threads`,
    form({ topic: 'Long thread', content: 'op' }, { name: 'a.png', bytes: await png() }),
  )
  const posts = `${baseURL}/api/boards/business/threads/${res.body.threadId}/posts`
  for (let i = 0; i < 25; i++) await postForm(posts, form({ content: `filler ${i}\n\n\n\nmore lines` }))
  await page.setViewportSize({ width: 1000, height: 600 })
  await page.goto(`/board/business/thread/${res.body.threadId}`)
  await expect(page.getByTestId('live-indicator')).toHaveText('Live updates enabled')

  await page.evaluate(() => window.scrollTo(0, 0))
  await postForm(posts, form({ content: 'arrived while scrolled up' }))
  const prompt = page.getByRole('button', { name: /New posts available/ })
  await expect(prompt).toBeVisible({ timeout: 2000 })
  await prompt.click()
  await expect(prompt).toHaveCount(0)
  await expect(page.getByText('arrived while scrolled up')).toBeInViewport()

  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await postForm(posts, form({ content: 'arrived at the bottom' }))
  await expect(page.getByText('arrived at the bottom')).toBeVisible({ timeout: 2000 })
  await expect(prompt).toHaveCount(0)
})

test('a reply made after the page was served but before its socket joined still appears, without a reload', async ({
  page,
  baseURL,
}) => {
  const res = await postForm(
    `${baseURL}/api/boards/diy/threads`,
    form({ topic: 'The gap', content: 'op' }, { name: 'a.png', bytes: await png() }),
  )
  const posts = `${baseURL}/api/boards/diy/threads/${res.body.threadId}/posts`
  // Hold back the socket.io-client chunk (fetched with import() once the page runs) until the reply is in.
  let release!: () => void
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  let held = false
  await page.route('**/_next/static/chunks/**', async (route) => {
    const response = await route.fetch()
    const body = await response.text()
    if (body.includes('io server disconnect')) {
      held = true
      await released
    }
    await route.fulfill({ response, body })
  })
  await page.goto(`/board/diy/thread/${res.body.threadId}`)
  await expect.poll(() => held).toBe(true)
  await expect(page.getByTestId('live-indicator')).toHaveText('Connecting...')
  expect((await postForm(posts, form({ content: 'posted in the gap' }))).status).toBe(201)
  release()
  await expect(page.getByTestId('live-indicator')).toHaveText('Live updates enabled')
  await expect(page.getByText('posted in the gap')).toBeVisible({ timeout: 5000 })
  await expect(page.getByText('Posts (2)')).toBeVisible()
})
