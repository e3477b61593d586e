// Reference previews are the post: the same markup as in the thread (green and red text, spoilers hidden), inside
// the viewport on a phone and gone after the tap; spoilers open with the keyboard and with a tap.
import { test, expect } from './fixtures'
import { as, form, postForm } from '../helpers/http'
import { png } from '../helpers/media'

async function threadWithSpoiler(baseURL: string) {
  const op = await postForm(
    `${baseURL}/api/boards/science/threads`,
    form(
      {
        topic: 'Preview markup',
        content: 'Plot twist ahead\n>be me\n<angry line\n[spoiler]the butler did it[/spoiler]',
      },
      { name: 'a.png', bytes: await png() },
    ),
    as('198.51.100.60'),
  )
  const reply = await postForm(
    `${baseURL}/api/boards/science/threads/${op.body.threadId}/posts`,
    form({ content: `>>${op.body.postId} no way` }),
    as('198.51.100.61'),
  )
  return { threadId: op.body.threadId as number, opId: op.body.postId as number, replyId: reply.body.postId as number }
}

const colour = (locator: import('@playwright/test').Locator) => locator.evaluate((el) => getComputedStyle(el).color)

test('hovering >> shows the post rendered: spoiler hidden, green and red text kept', async ({ page, baseURL }) => {
  const t = await threadWithSpoiler(baseURL)
  await page.goto(`/board/science/thread/${t.threadId}`)
  await page.locator(`#post-${t.replyId} a[data-ref="${t.opId}"]`).hover()
  const preview = page.getByTestId('ref-preview')
  await expect(preview).toBeVisible()
  await expect(preview).not.toContainText('[spoiler]')
  await expect(preview.locator('.text-green-700')).toHaveText('>be me')
  await expect(preview.locator('.text-red-600')).toHaveText('<angry line')
  const spoiler = preview.locator('.spoiler')
  await expect(spoiler).toHaveText('the butler did it')
  // Hidden: the text has the colour of its background.
  expect(await colour(spoiler)).toBe(await spoiler.evaluate((el) => getComputedStyle(el).backgroundColor))
})

test('a spoiler opens with the keyboard', async ({ page, baseURL }) => {
  const t = await threadWithSpoiler(baseURL)
  await page.goto(`/board/science/thread/${t.threadId}`)
  const spoiler = page.locator(`#post-${t.opId} .spoiler`)
  const hidden = await colour(spoiler)
  await spoiler.focus()
  await expect.poll(() => colour(spoiler)).not.toBe(hidden)
  expect(await colour(spoiler)).toBe('rgb(255, 255, 255)')
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('a tapped >> reference jumps to the post and leaves no preview behind; a tapped spoiler opens', async ({
    page,
    baseURL,
  }) => {
    const t = await threadWithSpoiler(baseURL)
    await page.goto(`/board/science/thread/${t.threadId}`)
    const ref = page.locator(`#post-${t.replyId} a[data-ref="${t.opId}"]`)
    await ref.hover()
    const box = await page.getByTestId('ref-preview').boundingBox()
    expect(box!.x).toBeGreaterThanOrEqual(0)
    expect(box!.x + box!.width).toBeLessThanOrEqual(390)
    await ref.tap()
    await expect(page.getByTestId('ref-preview')).toHaveCount(0)
    await expect(page).toHaveURL(new RegExp(`#post-${t.opId}$`))
    const spoiler = page.locator(`#post-${t.opId} .spoiler`)
    await spoiler.tap()
    await expect.poll(() => colour(spoiler)).toBe('rgb(255, 255, 255)')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  })
})
