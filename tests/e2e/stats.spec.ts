// /stats in Chromium after a scripted burst of visits and posts: the numbers match the burst exactly and every
// chart draws.
import { test, expect } from './fixtures'
import { png } from '../helpers/media'

// Figures are recomputed on every request here, so the page shows the burst at once.
test.use({ serverEnv: { STATS_REFRESH_SECONDS: '0' } })

const DE_1 = '5.9.0.1',
  DE_2 = '46.4.0.1',
  GB = '81.2.69.160',
  US = '8.8.8.8',
  NOWHERE = '1.1.1.1'

test('the statistics page shows the burst in its cards, table and charts', async ({ browser, baseURL, request }) => {
  // Five page views by four visitors in three countries …
  for (const [ip, path] of [
    [DE_1, '/'],
    [DE_1, '/board/tech'],
    [DE_2, '/board/science'],
    [GB, '/rules'],
    [US, '/board/tech'],
  ]) {
    expect((await request.get(path, { headers: { 'X-Forwarded-For': ip } })).status()).toBe(200)
  }
  // … and three posts: two on /tech/, one on /science/.
  const image = { name: 'a.png', mimeType: 'image/png', buffer: await png() }
  const thread = await request.post('/api/boards/tech/threads', {
    headers: { 'X-Forwarded-For': DE_1 },
    multipart: { topic: 'Counting', content: 'first', image },
  })
  expect(thread.status()).toBe(201)
  const { threadId } = await thread.json()
  expect(
    (
      await request.post(`/api/boards/tech/threads/${threadId}/posts`, {
        headers: { 'X-Forwarded-For': GB },
        multipart: { content: 'second' },
      })
    ).status(),
  ).toBe(201)
  expect(
    (
      await request.post('/api/boards/science/threads', {
        headers: { 'X-Forwarded-For': US },
        multipart: { topic: 'Also', content: 'third', image },
      })
    ).status(),
  ).toBe(201)

  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'X-Forwarded-For': NOWHERE },
    viewport: { width: 1280, height: 900 },
  })
  const page = await context.newPage()
  await page.goto('/stats')
  await expect(page.getByRole('heading', { name: 'Site Statistics', level: 1 })).toBeVisible()
  await expect(page.getByText(/^Last updated: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/)).toBeVisible()
  // This page view is recorded after the page is sent: four visitors so far.
  for (const card of ['Lifetime Visitors', 'Last Month', 'Last 24 Hours', 'Last Hour']) {
    await expect(page.getByTestId(`summary-${card}`)).toHaveText('4')
  }
  await expect(page.getByTestId('board-row-tech')).toHaveText('/tech/ - Technology2222')
  await expect(page.getByTestId('board-row-science')).toHaveText('/science/ - Science1111')
  await expect(page.getByTestId('board-row-anime')).toHaveText('/anime/ - Anime0000')
  await expect(page.getByRole('link', { name: '/tech/ - Technology' })).toHaveAttribute('href', '/board/tech')
  await expect(page.getByText('Statistics are updated every 5 minutes. All data is anonymized.')).toBeVisible()

  // Every chart draws pixels on its canvas.
  for (const name of [
    'Visitor Activity',
    'Post Activity',
    'Board Activity',
    'Top Countries by Visitors',
    'Top Countries by Posts',
  ]) {
    const canvas = page.getByRole('img', { name })
    await expect(canvas).toBeVisible()
    await expect
      .poll(
        () =>
          canvas.evaluate((c: HTMLCanvasElement) => {
            const { data } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height)
            let painted = 0
            for (let i = 3; i < data.length; i += 4) if (data[i] > 0) painted++
            return painted
          }),
        { message: `${name} draws` },
      )
      .toBeGreaterThan(500)
  }

  // The range selector loads the 7-day series.
  const weekly = page.waitForResponse((r) => r.url().endsWith('/api/stats/hourly?hours=168') && r.status() === 200)
  await page.getByRole('combobox', { name: 'Time range' }).selectOption('168')
  const body = await (await weekly).json()
  expect(body.data.views).toHaveLength(168)
  expect(body.data.views.reduce((n: number, v: { page_views: number }) => n + v.page_views, 0)).toBe(6)
  expect(body.data.posts.reduce((n: number, p: { posts_count: number }) => n + p.posts_count, 0)).toBe(3)
  await expect(page.getByRole('img', { name: 'Visitor Activity' })).toBeVisible()

  // The API agrees, now counting this reader too.
  const overview = await (await request.get('/api/stats')).json()
  expect(overview.overall).toEqual({
    uniqueVisitorsLifetime: 5,
    uniqueVisitorsMonth: 5,
    uniqueVisitorsDay: 5,
    uniqueVisitorsHour: 5,
  })
  expect(
    overview.countries.views.map((c: { countryCode: string; uniqueVisitors: number; totalViews: number }) => [
      c.countryCode,
      c.uniqueVisitors,
      c.totalViews,
    ]),
  ).toEqual([
    ['DE', 2, 3],
    ['GB', 1, 1],
    ['US', 1, 1],
  ])
  expect(
    overview.countries.posts.map((c: { countryCode: string; totalPosts: number }) => [c.countryCode, c.totalPosts]),
  ).toEqual([
    ['DE', 1],
    ['GB', 1],
    ['US', 1],
  ])

  await page.screenshot({ path: 'test-results/stats.png', fullPage: true })
  await context.close()
})
