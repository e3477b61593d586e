// Inline media in a thread: images expand in place and back, videos open to a looping player, audio plays inline,
// one switch expands every image; spoilered files show the shared placeholder (thread, board, hover preview) until
// clicked; files can be pasted or dropped into the reply form with a preview; times read "… ago" with the exact
// UTC time as tooltip; a phone-wide page does not scroll sideways.
import type { Page } from '@playwright/test'
import { test, expect } from './fixtures'
import { as, form, postForm } from '../helpers/http'
import { mp3, png, webm } from '../helpers/media'

interface Posted {
  threadId: number
  opId: number
  videoId: number
  audioId: number
  spoilerId: number
  quoteId: number
}

async function mediaThread(baseURL: string): Promise<Posted> {
  const ip = as('198.51.100.90')
  const op = await postForm(
    `${baseURL}/api/boards/tech/threads`,
    form({ topic: 'Media thread', content: 'An image' }, { name: 'wide.png', bytes: await png(900, 300) }),
    ip,
  )
  expect(op.status).toBe(201)
  const url = `${baseURL}/api/boards/tech/threads/${op.body.threadId}/posts`
  const reply = async (fields: Record<string, string>, file?: { name: string; bytes: Buffer }) => {
    const res = await postForm(url, form(fields, file), ip)
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body.postId as number
  }
  const videoId = await reply({ content: 'A video' }, { name: 'clip.webm', bytes: await webm() })
  const audioId = await reply({ content: 'A song' }, { name: 'song.mp3', bytes: await mp3() })
  const spoilerId = await reply(
    { content: 'Ending revealed', spoiler: 'true' },
    { name: 'ending.png', bytes: await png(200, 100, { r: 0, g: 128, b: 0 }) },
  )
  const quoteId = await reply({ content: `>>${spoilerId} what is it?` })
  return { threadId: op.body.threadId, opId: op.body.postId, videoId, audioId, spoilerId, quoteId }
}

const post = (page: Page, id: number) => page.locator(`#post-${id}`)

test('images expand and collapse, videos open to a looping player, audio plays inline, all images expand at once', async ({
  page,
  baseURL,
}) => {
  const t = await mediaThread(baseURL)
  await page.goto(`/board/tech/thread/${t.threadId}`)
  const op = post(page, t.opId)

  // Image: thumbnail → full file fitting the page's width → thumbnail.
  await expect(op.locator('[data-media="thumbnail"] img')).toHaveAttribute('src', /-thumb\.webp$/)
  await op.locator('[data-media="thumbnail"]').click()
  const full = op.locator('[data-media="full"] img')
  await expect(full).toHaveAttribute('src', /\.png$/)
  await expect.poll(() => full.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(900)
  const fits = await full.evaluate((i) => i.getBoundingClientRect().right <= document.documentElement.clientWidth)
  expect(fits).toBe(true)
  await full.click()
  await expect(op.locator('[data-media="thumbnail"]')).toBeVisible()

  // Video: thumbnail → looping player with controls → thumbnail.
  const video = post(page, t.videoId)
  await expect(video.locator('video')).toHaveCount(0)
  await video.locator('[data-media="thumbnail"]').click()
  const player = video.locator('video')
  await expect(player).toBeVisible()
  await expect(player).toHaveJSProperty('loop', true)
  await expect(player).toHaveJSProperty('controls', true)
  await expect(player).toHaveJSProperty('volume', 0.5)
  await expect(video.locator('[data-file-info]')).toContainText(/clip\.webm \(\d+ KB, 64×48, 0:01\)/)
  await video.getByRole('button', { name: '[close]' }).click()
  await expect(player).toHaveCount(0)

  // Audio plays in the post.
  const audio = post(page, t.audioId).locator('audio')
  await expect(audio).toBeVisible()
  await expect(audio).toHaveJSProperty('controls', true)
  await expect(post(page, t.audioId).locator('[data-file-info]')).toContainText('song.mp3')

  // The thread's switch expands every image but leaves spoilers closed; using it again collapses them.
  await page.getByRole('button', { name: 'Expand all images' }).click()
  await expect(op.locator('[data-media="full"]')).toBeVisible()
  await expect(post(page, t.spoilerId).locator('[data-spoiler-placeholder]')).toBeVisible()
  await page.getByRole('button', { name: 'Collapse all images' }).click()
  await expect(op.locator('[data-media="thumbnail"]')).toBeVisible()

  // Without JavaScript's help, the thumbnail is a link to the file.
  await expect(op.locator('[data-media="thumbnail"]')).toHaveAttribute('href', /^\/media\/.+\.png$/)
})

test('a spoilered image shows the placeholder on the board, the thread and in previews until clicked', async ({
  page,
  baseURL,
}) => {
  const t = await mediaThread(baseURL)
  const api = await (await fetch(`${baseURL}/api/boards/tech/threads/${t.threadId}/posts`)).json()
  const spoilered = api.posts.find((p: { id: number }) => p.id === t.spoilerId)
  expect(spoilered.spoiler).toBe(true)

  await page.goto('/board/tech')
  const onBoard = post(page, t.spoilerId)
  await expect(onBoard.locator('[data-spoiler-placeholder]')).toHaveAttribute('src', '/placeholders/spoiler.svg')
  await expect(page.locator(`img[src="${spoilered.thumbnail_url}"]`)).toHaveCount(0)

  await page.goto(`/board/tech/thread/${t.threadId}`)
  const inThread = post(page, t.spoilerId)
  await expect(inThread.locator('[data-file-info]')).toContainText('Spoiler image')
  await expect(inThread.locator('[data-file-info]')).not.toContainText('ending.png')
  await expect(page.locator(`img[src="${spoilered.thumbnail_url}"]`)).toHaveCount(0)

  // The hover preview shows the placeholder too.
  await post(page, t.quoteId).locator(`a[data-ref="${t.spoilerId}"]`).first().hover()
  const preview = page.getByTestId('ref-preview')
  await expect(preview.locator('[data-spoiler-placeholder]')).toBeVisible()
  await page.mouse.move(0, 0)

  // A click reveals the file; another hides it again.
  await inThread.locator('[data-spoiler-placeholder]').click()
  const revealed = inThread.locator('[data-media="full"] img')
  await expect(revealed).toHaveAttribute('src', spoilered.image_url)
  await expect.poll(() => revealed.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(200)
  await revealed.click()
  await expect(inThread.locator('[data-spoiler-placeholder]')).toBeVisible()
})

async function imageFileIn(page: Page) {
  const b64 = (await png(30, 20, { r: 250, g: 0, b: 0 })).toString('base64')
  return page.evaluateHandle((data) => {
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0))
    const transfer = new DataTransfer()
    transfer.items.add(new File([bytes], 'clipboard.png', { type: 'image/png' }))
    return transfer
  }, b64)
}

test('an image pasted into the reply form, or dropped onto it, is previewed and sent, spoilered if asked', async ({
  page,
  baseURL,
}) => {
  const t = await mediaThread(baseURL)
  await page.goto(`/board/tech/thread/${t.threadId}`)
  const replyForm = page.getByRole('form', { name: 'Reply' })
  const textarea = replyForm.getByRole('textbox')

  // Paste.
  const pasted = await imageFileIn(page)
  await textarea.evaluate(
    (el, transfer) =>
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true })),
    pasted,
  )
  const preview = replyForm.getByTestId('file-preview')
  await expect(preview).toContainText('clipboard.png')
  await expect.poll(() => preview.locator('img').evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(30)
  await textarea.fill('pasted picture')
  await replyForm.getByLabel('Spoiler image').check()
  await replyForm.getByRole('button', { name: 'Post Reply' }).click()
  const pastedPost = page.locator('article[data-post-id]', { hasText: 'pasted picture' })
  await expect(pastedPost.locator('[data-spoiler-placeholder]')).toBeVisible()
  await expect(preview).toHaveCount(0)

  // Drop.
  const dropped = await imageFileIn(page)
  await replyForm.dispatchEvent('dragover', { dataTransfer: dropped })
  await replyForm.dispatchEvent('drop', { dataTransfer: dropped })
  await expect(preview).toContainText('clipboard.png')
  await expect
    .poll(() => replyForm.getByLabel('Image, video or audio').evaluate((i: HTMLInputElement) => i.files?.length))
    .toBe(1)
  await textarea.fill('dropped picture')
  await replyForm.getByRole('button', { name: 'Post Reply' }).click()
  const droppedPost = page.locator('article[data-post-id]', { hasText: 'dropped picture' })
  await expect(droppedPost.locator('[data-file-info]')).toContainText('clipboard.png (')
  await expect(droppedPost.locator('[data-media="thumbnail"] img')).toBeVisible()
})

test('post times read "… ago" with the exact UTC time as tooltip', async ({ page, baseURL }) => {
  const t = await mediaThread(baseURL)
  await page.goto(`/board/tech/thread/${t.threadId}`)
  const time = post(page, t.opId).locator('header time')
  await expect(time).toHaveText(/^(just now|\d+ minutes? ago)$/)
  await expect(time).toHaveAttribute('title', /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/)
  await expect(time).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
  // The server's HTML has the exact time, so the page reads right before (and without) JavaScript.
  const html = await (await fetch(`${baseURL}/board/tech/thread/${t.threadId}`)).text()
  expect(html).toMatch(/<time dateTime="[^"]+" title="[^"]+ UTC"[^>]*>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC<\/time>/i)
})

test('screens at 1280 and 390 px: expanded image, video, spoiler; no sideways scroll on a phone', async ({
  page,
  baseURL,
}) => {
  const t = await mediaThread(baseURL)
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto(`/board/tech/thread/${t.threadId}`)
    await post(page, t.opId).locator('[data-media="thumbnail"]').click()
    await post(page, t.videoId).locator('[data-media="thumbnail"]').click()
    await expect(post(page, t.videoId).locator('video')).toBeVisible()
    await expect(post(page, t.opId).locator('[data-media="full"] img')).toBeVisible()
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBe(0)
    await page.screenshot({ path: `test-results/media-thread-${width}.png`, fullPage: true })
  }
})
