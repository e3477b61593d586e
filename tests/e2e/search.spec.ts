// Searching from the box in the header of every public page: results with the words marked, and paging.
import { test, expect } from './fixtures'
import { as, form, postForm } from '../helpers/http'
import { png } from '../helpers/media'

test('search from the header box, see the words marked, and page through the results', async ({ browser, baseURL }) => {
  const poster = as('198.51.100.120')
  const op = await postForm(
    `${baseURL}/api/boards/tech/threads`,
    form(
      { topic: 'Glimmerfish sightings', content: 'Post your glimmerfish here' },
      { name: 'a.png', bytes: await png() },
    ),
    poster,
  )
  expect(op.status).toBe(201)
  for (let i = 1; i <= 26; i++) {
    const reply = await postForm(
      `${baseURL}/api/boards/tech/threads/${op.body.threadId}/posts`,
      form({ content: `Saw glimmerfish number ${i} <b>today</b>` }),
      poster,
    )
    expect(reply.status).toBe(201)
  }

  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.121' } })
  const page = await context.newPage()
  await page.goto(`${baseURL}/board/tech`)
  const box = page.getByRole('search').getByLabel('Search posts')
  await box.fill('Glimmerfish')
  await box.press('Enter')

  await expect(page).toHaveURL(/\/search\?q=Glimmerfish$/)
  await expect(page.getByTestId('search-total')).toHaveText('27 posts found')
  const results = page.getByTestId('search-result')
  await expect(results).toHaveCount(25)
  // Newest first among equal matches; the matched word is marked and the user's markup shows as text.
  await expect(results.nth(1)).toContainText('Saw glimmerfish number 26 <b>today</b>')
  await expect(results.nth(1).locator('mark')).toHaveText('glimmerfish')
  // The mark is visible: it has a background of its own.
  await expect(results.nth(1).locator('mark')).toBeVisible()
  await expect(results.nth(1).locator('mark')).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)')
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.screenshot({ path: 'test-results/search-1280.png', fullPage: false })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: 'test-results/search-390.png', fullPage: false })

  const pages = page.getByRole('navigation', { name: 'Result pages' })
  await expect(pages).toContainText('Page 1 of 2')
  await pages.getByRole('link', { name: 'Next' }).click()
  await expect(page).toHaveURL(/page=2/)
  await expect(results).toHaveCount(2)
  await expect(results.last()).toContainText('Saw glimmerfish number 1 ')
  await expect(pages).toContainText('Page 2 of 2')

  // The result links to the post in its thread.
  await results.last().getByRole('link', { name: 'Glimmerfish sightings' }).click()
  await expect(page).toHaveURL(new RegExp(`/board/tech/thread/${op.body.threadId}#post-\\d+$`))
  await context.close()
})

test('the header search works without JavaScript and keeps the board filter on the results page', async ({
  browser,
  baseURL,
}) => {
  const op = await postForm(
    `${baseURL}/api/boards/food/threads`,
    form({ topic: 'Noscript soup', content: 'quenelle recipe' }, { name: 'a.png', bytes: await png(12, 12) }),
    as('198.51.100.122'),
  )
  expect(op.status).toBe(201)
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.123' },
  })
  const page = await context.newPage()
  await page.goto(`${baseURL}/rules`)
  await page.getByRole('search').getByLabel('Search posts').fill('quenelle')
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click()
  await expect(page.getByTestId('search-result')).toHaveCount(1)
  await expect(page.getByTestId('search-result').locator('mark')).toHaveText('quenelle')

  await page.getByLabel('Board').selectOption('tech')
  await page.getByRole('main').getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/board=tech/)
  await expect(page.getByTestId('search-total')).toHaveText('0 posts found')
  await context.close()
})
