// A full board read in pages, the archive of dead threads, and real 404s, as a visitor sees them in Chromium.
import { test, expect } from './fixtures'
import { as, form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { sql } from '../helpers/sql'
import { loggedInAdmin } from '../helpers/staff'

// A server of this file's own: its boards would otherwise show on the home page other files check board by board.
test.use({ serverEnv: { PAGE_CACHE_MB: '64' } })

test('a board of 40 threads reads in pages of 15, with page links at top and bottom that work without JavaScript', async ({
  browser,
  baseURL,
  server,
}) => {
  const admin = await loggedInAdmin(server)
  expect((await admin.write('POST', '/api/admin/boards', { id: 'pagese2e', name: 'Paged' })).status).toBe(201)
  const image = await png()
  for (let i = 1; i <= 40; i++) {
    const res = await postForm(
      `${baseURL}/api/boards/pagese2e/threads`,
      form({ topic: `Paged topic ${i}`, content: `Thread number ${i}` }, { name: 'a.png', bytes: image }),
      as(`198.51.100.${i}`),
    )
    expect(res.status).toBe(201)
  }
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto(`${baseURL}/board/pagese2e`)
  await expect(page.locator('[data-thread-id]')).toHaveCount(15)
  await expect(page.getByRole('heading', { name: 'Paged topic 40' })).toBeVisible()
  // Without JavaScript nothing pretends to connect.
  await expect(page.getByTestId('live-indicator')).toHaveCount(0)
  const bottom = page.getByRole('navigation', { name: 'Pages (bottom)' })
  await expect(page.getByRole('navigation', { name: 'Pages (top)' }).getByRole('link', { name: '3' })).toBeVisible()
  await bottom.getByRole('link', { name: '2', exact: true }).click()
  await expect(page).toHaveURL(/\/board\/pagese2e\?page=2$/)
  await expect(page.locator('[data-thread-id]')).toHaveCount(15)
  await expect(page.getByRole('heading', { name: 'Paged topic 25' })).toBeVisible()
  await expect(bottom.locator('[aria-current="page"]')).toHaveText('2')
  await bottom.getByRole('link', { name: 'Next' }).click()
  await expect(page.locator('[data-thread-id]')).toHaveCount(10)
  await expect(page.getByRole('heading', { name: 'Paged topic 1', exact: true })).toBeVisible()
  expect((await page.goto(`${baseURL}/board/pagese2e?page=4`))?.status()).toBe(404)
  await context.close()
})

test('page 1 stays live with JavaScript; later pages are read as served', async ({ page, baseURL }) => {
  await page.goto(`${baseURL}/board/pagese2e`)
  await expect(page.getByTestId('live-indicator')).toHaveText('Live updates enabled')
  await page.goto(`${baseURL}/board/pagese2e?page=2`)
  await expect(page.locator('[data-thread-id]')).toHaveCount(15)
  await expect(page.getByTestId('live-indicator')).toHaveCount(0)
})

test('a thread that dies appears in the board archive with the time left, and opens from there', async ({
  page,
  baseURL,
  server,
}) => {
  const admin = await loggedInAdmin(server)
  expect((await admin.write('POST', '/api/admin/boards', { id: 'archivee2e', name: 'Archived' })).status).toBe(201)
  // 100 live threads fill the board (inserted directly; posting 100 threads adds nothing to what is tested).
  const old = new Date(Date.now() - 3600_000)
  for (let i = 0; i < 100; i++) {
    const at = new Date(old.getTime() + i * 1000)
    await sql(
      server.database,
      `INSERT INTO threads (board_id, topic, created_at, updated_at, post_count, is_sticky, is_dead)
      VALUES (?, ?, ?, ?, 1, ?, ?)`,
      'archivee2e',
      `Old thread ${i}`,
      at,
      at,
      false,
      false,
    )
  }
  const [oldest] = await sql<{ id: number }>(
    server.database,
    `SELECT id FROM threads WHERE board_id = ? AND topic = 'Old thread 0'`,
    'archivee2e',
  )
  await sql(
    server.database,
    `INSERT INTO posts (thread_id, board_id, content, created_at, is_op, dont_bump, color, ip_address, owner_key_hash)
    VALUES (?, ?, 'The first thread of the board', ?, ?, ?, 'black', '203.0.113.251', 'x')`,
    oldest.id,
    'archivee2e',
    old,
    true,
    false,
  )

  await page.goto(`${baseURL}/board/archivee2e/archive`)
  await expect(page.getByText('No archived threads.')).toBeVisible()
  // One more thread pushes the least recently bumped one off the board.
  expect(
    (
      await postForm(
        `${baseURL}/api/boards/archivee2e/threads`,
        form({ topic: 'The newcomer', content: 'Hello' }, { name: 'a.png', bytes: await png() }),
        as('198.51.100.200'),
      )
    ).status,
  ).toBe(201)

  await page.goto(`${baseURL}/board/archivee2e`)
  await page.getByRole('link', { name: 'Archive', exact: true }).click()
  await expect(page).toHaveURL(/\/board\/archivee2e\/archive$/)
  const row = page.locator(`li[data-thread-id="${oldest.id}"]`)
  await expect(row).toContainText('The first thread of the board')
  await expect(row).toContainText(/in 4[78] hours/)
  await row.getByRole('link', { name: 'Old thread 0' }).click()
  await expect(page).toHaveURL(new RegExp(`/board/archivee2e/thread/${oldest.id}$`))
  await expect(page.getByText('The first thread of the board')).toBeVisible()
})

test('an unknown board answers 404 with the not-found page', async ({ page, baseURL }) => {
  const res = await page.goto(`${baseURL}/board/nope`)
  expect(res?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
  await page.getByRole('link', { name: 'Go to Home' }).click()
  await expect(page).toHaveURL(`${baseURL}/`)
})
