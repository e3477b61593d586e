import type { Page } from '@playwright/test'
import { test, expect } from './fixtures'
import { as, form, postForm } from '../helpers/http'
import { png } from '../helpers/media'

/** Makes the page believe its tab was hidden or shown again, as switching tabs does. */
const setHidden = (page: Page, hidden: boolean) =>
  page.evaluate((h) => {
    Object.defineProperty(document, 'hidden', { value: h, configurable: true })
    Object.defineProperty(document, 'visibilityState', { value: h ? 'hidden' : 'visible', configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
  }, hidden)

/** The icon the browser shows: the last icon link of the page. */
const shownIcon = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel~="icon"]')].at(-1)?.href ?? '')

test('replies to your post while the tab is hidden count in the title and badge the icon; (You) survives a reload', async ({
  page,
  browser,
  baseURL,
}) => {
  const thread = await postForm(
    `${baseURL}/api/boards/food/threads`,
    form({ topic: 'Soup recipes', content: 'share yours' }, { name: 'a.png', bytes: await png() }),
    as('198.51.100.81'),
  )
  expect(thread.status).toBe(201)
  const url = `/board/food/thread/${thread.body.threadId}`
  await page.goto(url)
  await page.getByLabel('Reply', { exact: true }).getByRole('textbox').fill('Mine: leek and potato')
  await page.getByRole('button', { name: 'Post Reply' }).click()
  const mine = page.locator('article[data-post-id]', { hasText: 'Mine: leek and potato' })
  await expect(mine.getByText('(You)')).toBeVisible()
  const myId = Number(await mine.getAttribute('data-post-id'))
  const title = await page.title()
  const icon = await shownIcon(page)
  expect(icon).not.toMatch(/icon-reply/)

  await setHidden(page, true)
  const other = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.82' } })
  const reply = (content: string) =>
    other.request.post(`/api/boards/food/threads/${thread.body.threadId}/posts`, { multipart: { content } })
  expect((await reply(`>>${myId}\nsounds good`)).status()).toBe(201)
  expect((await reply('a reply to nobody')).status()).toBe(201)
  expect((await reply(`>>${myId} again`)).status()).toBe(201)
  await expect(page).toHaveTitle(`(2) ${title}`)
  expect(await shownIcon(page)).toMatch(/\/icon-reply\.svg$/)

  await setHidden(page, false)
  await expect(page).toHaveTitle(title)
  expect(await shownIcon(page)).toBe(icon)

  await page.reload()
  await expect(
    page.locator('article[data-post-id]', { hasText: 'sounds good' }).getByText(`>>${myId} (You)`),
  ).toBeVisible()
  await other.close()
})
