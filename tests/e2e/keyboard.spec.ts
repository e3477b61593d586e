// Posting with the keyboard alone: from the board page to a new thread and a reply with Tab, typing, Enter and
// Space (the system's file dialog, outside the page, picks the thread's image), and every control reached shows
// where the focus is (an outline from the site-wide :focus-visible rule).
import type { Locator, Page } from '@playwright/test'
import { test, expect } from './fixtures'
import { png } from '../helpers/media'

/** Presses Tab until `target` has the focus (at most `max` times), then checks the focus is drawn. */
async function tabTo(page: Page, target: Locator, max = 120) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab')
    if (await target.evaluate((el) => el === document.activeElement)) return expectFocusVisible(target)
  }
  throw new Error(`Tab never reached ${target}`)
}

async function expectFocusVisible(target: Locator) {
  const focus = await target.evaluate((el) => {
    const style = getComputedStyle(el)
    return { visible: el.matches(':focus-visible'), outline: style.outlineStyle, width: style.outlineWidth }
  })
  expect(focus.visible).toBe(true)
  expect(focus.outline).not.toBe('none')
  expect(parseFloat(focus.width)).toBeGreaterThan(0)
}

test('a thread and a reply posted with the keyboard alone, the focus visible all the way', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.150' } })
  const page = await context.newPage()
  await page.goto(`${baseURL}/board/random`)
  await expect(page.getByTestId('live-indicator')).toHaveText('Live updates enabled')

  await tabTo(page, page.getByRole('link', { name: 'New Thread' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/board\/random\/create-thread$/)
  const form = page.getByRole('form', { name: 'Create thread' })
  await expect(form).toBeVisible()

  await tabTo(page, form.getByLabel('Topic'))
  await page.keyboard.type('Typed without a mouse')
  await tabTo(page, form.getByLabel('Content'))
  await page.keyboard.type('A thread written with the keyboard alone.')
  // A thread needs an image: Space on the file field opens the system's file dialog, which picks the file.
  await tabTo(page, form.getByLabel('Image or video'))
  const chooser = page.waitForEvent('filechooser')
  await page.keyboard.press('Space')
  await (await chooser).setFiles({ name: 'typed.png', mimeType: 'image/png', buffer: await png(64, 64) })
  await expect(form.getByRole('img', { name: 'Preview of the file to send' })).toBeVisible()
  await tabTo(page, form.getByRole('button', { name: 'Create Thread' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/board\/random\/thread\/\d+$/)
  await expect(page.getByRole('heading', { name: 'Typed without a mouse', level: 1 })).toBeVisible()
  await expect(page.getByTestId('live-indicator')).toHaveText('Live updates enabled')

  const reply = page.getByRole('form', { name: 'Reply' })
  await tabTo(page, reply.getByRole('textbox'))
  await page.keyboard.type('A reply, also typed.')
  const sage = reply.getByRole('checkbox', { name: /Sage/ })
  await tabTo(page, sage)
  await page.keyboard.press('Space')
  await expect(sage).toBeChecked()
  await tabTo(page, reply.getByRole('button', { name: 'Post Reply' }))
  await page.keyboard.press('Space')
  const articles = page.locator('article[data-post-id]')
  await expect(articles).toHaveCount(2)
  await expect(articles.nth(1)).toContainText('A reply, also typed.')
  await context.close()
})
