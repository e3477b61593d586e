import { test, expect } from './fixtures'

test('home page lists the boards in two cards with alternating columns', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByText('Corkboard', { exact: true })).toBeVisible()

  const boards = page.locator('section', { has: page.getByRole('heading', { name: 'Boards', exact: true }) })
  const nsfw = page.locator('section', { has: page.getByRole('heading', { name: 'NSFW Boards' }) })
  const ids = (col: ReturnType<typeof page.locator>) =>
    col.locator('[data-testid=board-entry] .font-mono').allTextContents()

  // Non-NSFW boards sorted by id, alternating left/right.
  expect(await ids(boards.getByTestId('board-column-1'))).toEqual([
    '/anime/',
    '/diy/',
    '/food/',
    '/movies/',
    '/sports/',
  ])
  expect(await ids(boards.getByTestId('board-column-2'))).toEqual([
    '/business/',
    '/fitness/',
    '/gaming/',
    '/science/',
    '/tech/',
  ])
  expect(await ids(nsfw.getByTestId('board-column-1'))).toEqual(['/politics/'])
  expect(await ids(nsfw.getByTestId('board-column-2'))).toEqual(['/random/'])

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
