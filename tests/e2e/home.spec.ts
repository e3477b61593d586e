import { test, expect } from './fixtures'

test('home page lists the boards in two cards with alternating columns', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByText('Corkboard', { exact: true })).toBeVisible()

  const boards = page.locator('section', { has: page.getByRole('heading', { name: 'Boards', exact: true }) })
  const nsfw = page.locator('section', { has: page.getByRole('heading', { name: 'NSFW Boards' }) })
  const ids = (col: ReturnType<typeof page.locator>) =>
    col.locator('[data-testid=board-entry] .font-mono').allTextContents()

  // Boards sorted by id, alternating left/right (other tests of this server may have added boards).
  const listed = ((await (await page.request.get('/api/boards')).json()) as { boards: { id: string; nsfw: boolean }[] })
    .boards
  const column = (nsfwBoards: boolean, n: 0 | 1) =>
    listed
      .filter((b) => b.nsfw === nsfwBoards)
      .map((b) => `/${b.id}/`)
      .sort()
      .filter((_, i) => i % 2 === n)
  for (const id of ['/anime/', '/business/', '/tech/']) expect(column(false, 0).concat(column(false, 1))).toContain(id)
  expect(await ids(boards.getByTestId('board-column-1'))).toEqual(column(false, 0))
  expect(await ids(boards.getByTestId('board-column-2'))).toEqual(column(false, 1))
  expect(await ids(nsfw.getByTestId('board-column-1'))).toEqual(column(true, 0))
  expect(await ids(nsfw.getByTestId('board-column-2'))).toEqual(column(true, 1))
  expect(column(true, 0).concat(column(true, 1))).toEqual(expect.arrayContaining(['/politics/', '/random/']))

  // Name badges: blue for safe boards, red for NSFW; one-line descriptions.
  const tech = boards.getByRole('link', { name: /\/tech\// })
  await expect(tech).toHaveAttribute('href', '/board/tech')
  await expect(tech.getByText('Technology', { exact: true })).toHaveClass(/bg-blue-600/)
  await expect(tech.getByText('Technology, Computers, and Programming')).toBeVisible()
  await expect(nsfw.getByText('Random', { exact: true })).toHaveClass(/bg-red-600/)

  await expect(page.getByText('Select a board to view threads and posts')).toBeVisible()
  for (const [name, href] of [
    ['Rules', '/rules'],
    ['Contact Us', '/contact'],
    ['Statistics', '/stats'],
  ]) {
    await expect(page.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
  }
  await page.screenshot({ path: 'test-results/home.png', fullPage: true })
})

test('home page is complete without JavaScript', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL })
  const page = await context.newPage()
  await page.goto('/')
  await expect(page.getByRole('link', { name: /\/science\// })).toBeVisible()
  await context.close()
})

test('an unknown path shows the Page Not Found card', async ({ page }) => {
  const res = await page.goto('/no/such/page')
  expect(res?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
  await expect(page.getByText("The page you're looking for doesn't exist.")).toBeVisible()
  await page.getByRole('link', { name: 'Go to Home' }).click()
  await expect(page).toHaveURL(/\/$/)
  await page.goto('/no/such/page')
  await page.screenshot({ path: 'test-results/not-found.png' })
})
