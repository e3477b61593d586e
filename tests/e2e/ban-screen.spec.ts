// The ban screen a banned visitor gets instead of the board: its tab title, the expiry in the site's time format
// with the time left, the offending post's video in a video element, and the home link apart from the appeal.
import { test, expect } from './fixtures'
import { as, form, postForm } from '../helpers/http'
import { mp4 } from '../helpers/media'
import { loggedInAdmin } from '../helpers/staff'

test('a visitor banned for a video post sees the video, the expiry as "… UTC (in 5 hours)" and a tab titled Banned', async ({
  browser,
  baseURL,
  server,
}) => {
  const ip = '198.51.100.171'
  const posted = await postForm(
    `${baseURL}/api/boards/movies/threads`,
    form({ topic: 'A clip', content: 'watch this' }, { name: 'clip.mp4', bytes: await mp4(), type: 'video/mp4' }),
    as(ip),
  )
  expect(posted.status, JSON.stringify(posted.body)).toBe(201)
  const admin = await loggedInAdmin(server)
  const expires = new Date(Date.now() + 5 * 3600_000 + 30 * 60_000)
  const ban = await admin.write('POST', '/api/admin/bans', {
    ip_address: ip,
    board_id: 'movies',
    reason: 'spoilers',
    expires_at: expires.toISOString(),
    post_id: posted.body.postId,
  })
  expect(ban.status).toBe(201)

  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': ip } })
  const page = await context.newPage()
  await page.goto(`${baseURL}/board/movies`)
  await expect(page.getByRole('heading', { name: 'You are banned from this board' })).toBeVisible()
  await expect(page).toHaveTitle('Banned - Corkboard')
  const expiry = expires.toISOString().replace('T', ' ').slice(0, 19) + ' UTC'
  await expect(page.getByText(`${expiry} (in 5 hours)`)).toBeVisible()
  await expect(page.locator('video[aria-label="Video of the offending post"]')).toHaveAttribute('src', /\.mp4$/)
  await expect(page.locator('img[alt="Image of the offending post"]')).toHaveCount(0)
  // The appeal button and the home link do not touch.
  const appeal = await page.getByRole('button', { name: 'Appeal this ban' }).boundingBox()
  const home = await page.getByRole('link', { name: 'Return to Home' }).boundingBox()
  expect(home!.y - (appeal!.y + appeal!.height)).toBeGreaterThanOrEqual(8)
  await context.close()
})
