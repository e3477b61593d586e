// The catalog as a visitor sees it in Chromium: sort links, the filter box, the page without JavaScript, and new
// threads and bumps arriving on an open catalog.
import { test, expect } from './fixtures'
import { as, form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { loggedInAdmin } from '../helpers/staff'

const BOARD = 'catale2e'
const ids: Record<string, number> = {}

async function newThread(baseURL: string, topic: string, content: string) {
  const res = await postForm(
    `${baseURL}/api/boards/${BOARD}/threads`,
    form({ topic, content }, { name: 'a.png', bytes: await png() }),
    as('198.51.100.20'),
  )
  expect(res.status).toBe(201)
  return res.body.threadId as number
}

async function reply(baseURL: string, threadId: number, content: string) {
  const res = await postForm(
    `${baseURL}/api/boards/${BOARD}/threads/${threadId}/posts`,
    form({ content }),
    as('198.51.100.21'),
  )
  expect(res.status).toBe(201)
}

const tileIds = async (page: import('@playwright/test').Page) =>
  (await page
    .locator('[data-testid="catalog-grid"] article')
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-thread-id'))))) as number[]

test.beforeAll(async ({ server, baseURL }) => {
  const admin = await loggedInAdmin(server)
  expect((await admin.write('POST', '/api/admin/boards', { id: BOARD, name: 'Catalog test' })).status).toBe(201)
  ids.apples = await newThread(baseURL, 'Apples and pears', 'A thread about fruit.')
  ids.bikes = await newThread(baseURL, 'Bicycle repair', 'Chains, gears and a banana seat.')
  ids.cameras = await newThread(baseURL, 'Cameras', 'Lenses and light.')
  for (const n of [1, 2, 3]) await reply(baseURL, ids.apples, `apple reply ${n}`)
  await reply(baseURL, ids.cameras, 'one camera reply')
})

test('sort links reorder the tiles and the filter narrows them as one types', async ({ page, baseURL }) => {
  await page.goto(`${baseURL}/board/${BOARD}`)
  await page.getByRole('link', { name: 'Catalog', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/board/${BOARD}/catalog$`))
  await expect.poll(() => tileIds(page)).toEqual([ids.cameras, ids.apples, ids.bikes])
  await expect(page.locator(`article[data-thread-id="${ids.apples}"]`).getByTestId('catalog-counts')).toHaveText(
    'R: 3 / I: 0',
  )
  const sorts = page.getByRole('navigation', { name: 'Sort threads' })
  await sorts.getByRole('link', { name: 'Reply count' }).click()
  await expect(page).toHaveURL(/\?sort=replies$/)
  await expect.poll(() => tileIds(page)).toEqual([ids.apples, ids.cameras, ids.bikes])
  await sorts.getByRole('link', { name: 'Creation date' }).click()
  await expect.poll(() => tileIds(page)).toEqual([ids.cameras, ids.bikes, ids.apples])

  const filter = page.getByRole('searchbox', { name: 'Filter threads by topic or text' })
  await filter.fill('banana')
  await expect.poll(() => tileIds(page)).toEqual([ids.bikes])
  await filter.fill('CAMERAS')
  await expect.poll(() => tileIds(page)).toEqual([ids.cameras])
  await filter.fill('nothing like this')
  await expect(page.getByText('No thread matches')).toBeVisible()
  await filter.fill('')
  await expect.poll(() => tileIds(page)).toHaveLength(3)
  await page.getByRole('link', { name: 'Return to the board' }).click()
  await expect(page).toHaveURL(new RegExp(`/board/${BOARD}$`))
})

test('works without JavaScript: tiles, sort links and thread links', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto(`${baseURL}/board/${BOARD}/catalog`)
  expect(await tileIds(page)).toEqual([ids.cameras, ids.apples, ids.bikes])
  await expect(page.getByTestId('live-indicator')).toHaveCount(0)
  await page.getByRole('navigation', { name: 'Sort threads' }).getByRole('link', { name: 'Last reply' }).click()
  await expect(page).toHaveURL(/\?sort=activity$/)
  expect(await tileIds(page)).toEqual([ids.cameras, ids.apples, ids.bikes])
  await page.getByRole('heading', { name: 'Bicycle repair' }).getByRole('link').click()
  await expect(page).toHaveURL(new RegExp(`/board/${BOARD}/thread/${ids.bikes}$`))
  await context.close()
})

test('a new thread and a bump reach an open catalog live', async ({ page, baseURL }) => {
  await page.goto(`${baseURL}/board/${BOARD}/catalog`)
  await expect(page.getByTestId('live-indicator')).toHaveText('Live updates enabled')
  const before = await tileIds(page)
  const fresh = await newThread(baseURL, 'Arrived live', 'Posted while the catalog was open.')
  await expect.poll(() => tileIds(page)).toEqual([fresh, ...before])
  await reply(baseURL, ids.bikes, 'a bump from elsewhere')
  await expect.poll(() => tileIds(page)).toEqual([ids.bikes, fresh, ...before.filter((id) => id !== ids.bikes)])
  await expect(page.locator(`article[data-thread-id="${ids.bikes}"]`).getByTestId('catalog-counts')).toHaveText(
    'R: 1 / I: 0',
  )
})

for (const width of [1280, 390]) {
  test(`fits a ${width} px screen without sideways scrolling`, async ({ page, baseURL }) => {
    await page.setViewportSize({ width, height: 900 })
    await page.goto(`${baseURL}/board/${BOARD}/catalog`)
    await expect(page.locator('[data-testid="catalog-grid"] article').first()).toBeVisible()
    await page.screenshot({ path: `test-results/catalog-${width}.png`, fullPage: true })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
  })
}
