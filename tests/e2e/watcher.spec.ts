import type { Page } from '@playwright/test'
import { test, expect } from './fixtures'
import { png } from '../helpers/media'

/**
 * Resolves once a socket of the page has joined `room` and the server acknowledged it: from then on the room's
 * events reach the page live (before it, the watcher's catch-up fetch would find them instead).
 */
function joined(page: Page, room: string): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      // The join carries an acknowledgement id (`42{id}["join_board","{room}",…]`), and its answer the same id
      // (`43{id}[{"ok":true}]`): the page's one socket also joins the board's or thread's own room.
      const ids = new Set<string>()
      ws.on('framesent', (f) => {
        const id =
          typeof f.payload === 'string' &&
          f.payload.includes(`"join_board","${room}"`) &&
          /^42(\d+)/.exec(f.payload)?.[1]
        if (id) ids.add(id)
      })
      ws.on('framereceived', (f) => {
        const id = typeof f.payload === 'string' && /^43(\d+)\[\{"ok":true\}\]$/.exec(f.payload)?.[1]
        if (id && ids.has(id)) resolve()
      })
    })
  })
}

/** Pages must not scroll sideways. */
const noSideScroll = (page: Page) =>
  expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)

test('a watched thread counts new replies and replies to you live on other pages, leads to the first unread post and is marked dead once deleted', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  // Reader B opens the thread; reader A posts in it and watches it.
  const other = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.91' } })
  const created = await other.request.post('/api/boards/food/threads', {
    multipart: {
      topic: 'Bread baking notes',
      content: 'sourdough or yeast?',
      image: { name: 'a.png', mimeType: 'image/png', buffer: await png() },
    },
  })
  expect(created.status()).toBe(201)
  const threadId: number = (await created.json()).threadId
  const room = `food-${threadId}`
  const url = `/board/food/thread/${threadId}`

  await page.goto(url)
  await page.getByLabel('Reply', { exact: true }).getByRole('textbox').fill('Mine: rye sourdough')
  await page.getByRole('button', { name: 'Post Reply' }).click()
  const mine = page.locator('article[data-post-id]', { hasText: 'Mine: rye sourdough' })
  await expect(mine.getByText('(You)')).toBeVisible()
  const myId = Number(await mine.getAttribute('data-post-id'))
  await page.getByRole('button', { name: 'Watch', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Unwatch', exact: true })).toBeVisible()
  const watcherButton = page.getByRole('button', { name: /^Watched/ })
  await expect(watcherButton).toBeVisible()

  // A goes to the board page; the watcher there joins the thread's room.
  const live = joined(page, room)
  await page.goto('/board/food')
  await live
  await expect(page.getByTestId('watcher-unread')).toHaveText(/^0/)
  await expect(page.getByTestId('watcher-you')).toHaveCount(0)

  const reply = (content: string) =>
    other.request.post(`/api/boards/food/threads/${threadId}/posts`, { multipart: { content } })
  const first = await reply('plain white loaf')
  expect(first.status()).toBe(201)
  const firstId: number = (await first.json()).postId
  expect((await reply(`>>${myId}\nrye is great`)).status()).toBe(201)

  // The counts rise live, without a reload.
  await expect(page.getByTestId('watcher-unread')).toHaveText(/^2/)
  await expect(page.getByTestId('watcher-you')).toHaveText('1 (You)')
  await watcherButton.click()
  const panel = page.getByRole('region', { name: 'Watched threads' })
  const entry = panel.getByTestId('watched-thread').filter({ hasText: 'Bread baking notes' })
  await expect(entry.getByTestId('watched-new')).toHaveText('2 new')
  await expect(entry.getByTestId('watched-you')).toHaveText('1 (You)')
  await expect(entry.getByText('/food/')).toBeVisible()

  await page.setViewportSize({ width: 1280, height: 800 })
  await page.screenshot({ path: testInfo.outputPath('watcher-1280.png') })
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(panel).toBeVisible()
  await noSideScroll(page)
  await page.screenshot({ path: testInfo.outputPath('watcher-390.png') })
  await page.setViewportSize({ width: 1280, height: 800 })

  // The entry opens the thread at the first unread post; seeing it clears the counts.
  await entry.getByRole('link').click()
  await expect(page).toHaveURL(new RegExp(`${url}#post-${firstId}$`))
  await expect(page.locator(`#post-${firstId}`)).toBeInViewport()
  await expect(page.getByTestId('watcher-unread')).toHaveText(/^0/)
  await expect(page.getByTestId('watcher-you')).toHaveCount(0)

  // The watch survives a reload.
  await page.reload()
  await expect(page.getByRole('button', { name: 'Unwatch', exact: true })).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('watcher-thread-1280.png') })
  await page.setViewportSize({ width: 390, height: 844 })
  await noSideScroll(page)
  await page.screenshot({ path: testInfo.outputPath('watcher-thread-390.png') })
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/')
  await watcherButton.click()
  await expect(panel.getByTestId('watched-thread').filter({ hasText: 'Bread baking notes' })).toBeVisible()

  // B deletes the thread: the entry is marked dead live, and stays so after a reload.
  const gone = await other.request.delete(`/api/boards/food/threads/${threadId}`, { data: {} })
  expect(gone.status()).toBe(200)
  const deadEntry = panel.getByTestId('watched-thread').filter({ hasText: 'Bread baking notes' })
  await expect(deadEntry.getByTestId('watched-dead')).toHaveText('Dead')
  await page.reload()
  await watcherButton.click()
  await expect(deadEntry.getByTestId('watched-dead')).toHaveText('Dead')

  // The remove button takes it off the list; with nothing watched the panel is gone.
  await deadEntry.getByRole('button', { name: 'Stop watching Bread baking notes' }).click()
  await expect(watcherButton).toHaveCount(0)
  await other.close()
})

test('the watcher reads junk in local storage as an empty list, watches from the keyboard and follows other tabs', async ({
  page,
  baseURL,
  request,
}) => {
  const created = await request.post(`${baseURL}/api/boards/tech/threads`, {
    headers: { 'X-Forwarded-For': '198.51.100.95' },
    multipart: {
      topic: 'Keyboard only thread',
      content: 'watched without a mouse',
      image: { name: 'a.png', mimeType: 'image/png', buffer: await png() },
    },
  })
  expect(created.status()).toBe(201)
  const threadId: number = (await created.json()).threadId
  await page.goto('/')
  await page.evaluate(() => localStorage.setItem('corkboard:watcher:v1', '{"v":1,"threads":[{"boardId":5}]}junk'))
  await page.goto(`/board/tech/thread/${threadId}`)
  await expect(page.getByRole('button', { name: /^Watched/ })).toHaveCount(0)
  const watch = page.getByRole('button', { name: 'Watch', exact: true })
  await watch.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: 'Unwatch', exact: true })).toBeFocused()
  await page.getByRole('button', { name: /^Watched/ }).click()
  await expect(page.getByRole('region', { name: 'Watched threads' }).getByTestId('watched-thread')).toContainText(
    'Keyboard only thread',
  )
  await page.keyboard.press('Escape')
  await expect(page.getByRole('region', { name: 'Watched threads' })).toHaveCount(0)

  // Another tab of the same browser follows: it lists the thread, and unwatching there shows here.
  const tab = await page.context().newPage()
  await tab.goto('/board/tech')
  await tab.getByRole('button', { name: /^Watched/ }).click()
  const entry = tab.getByRole('region', { name: 'Watched threads' }).getByTestId('watched-thread')
  await expect(entry).toContainText('Keyboard only thread')
  await entry.getByRole('button', { name: 'Stop watching Keyboard only thread' }).click()
  await expect(page.getByRole('button', { name: 'Watch', exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: /^Watched/ })).toHaveCount(0)
  await tab.close()
})

test('with local storage full, a watch holds for the open page and counts live replies', async ({
  page,
  browser,
  baseURL,
}) => {
  // Every write to local storage fails as when the quota is used up.
  await page.addInitScript(() => {
    Storage.prototype.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    }
  })
  const other = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.97' } })
  const created = await other.request.post('/api/boards/food/threads', {
    multipart: {
      topic: 'Quota full thread',
      content: 'watched without storage',
      image: { name: 'a.png', mimeType: 'image/png', buffer: await png() },
    },
  })
  expect(created.status()).toBe(201)
  const threadId: number = (await created.json()).threadId

  await page.goto(`/board/food/thread/${threadId}`)
  await page.getByRole('button', { name: 'Watch', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Unwatch', exact: true })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('corkboard:watcher:v1'))).toBeNull()

  // An in-app link keeps the page's memory: the watch (and its catch-up on joining) carries over to the catalog.
  await page.getByRole('link', { name: 'Catalog' }).click()
  await expect(page).toHaveURL(/\/board\/food\/catalog$/)
  const watcherButton = page.getByRole('button', { name: /^Watched/ })
  await expect(watcherButton).toBeVisible()
  await expect(page.getByTestId('watcher-unread')).toHaveText(/^0/)

  // Each live reply is a change built on the watch this page holds, not on the empty storage.
  for (const content of ['first reply', 'second reply']) {
    const res = await other.request.post(`/api/boards/food/threads/${threadId}/posts`, { multipart: { content } })
    expect(res.status()).toBe(201)
  }
  await expect(page.getByTestId('watcher-unread')).toHaveText(/^2/)
  await watcherButton.click()
  await expect(
    page
      .getByRole('region', { name: 'Watched threads' })
      .getByTestId('watched-thread')
      .filter({ hasText: 'Quota full thread' }),
  ).toBeVisible()
  await other.close()
})

test('a thread page and its watcher share one socket, and a watched thread’s replies count without entering the open thread', async ({
  page,
  browser,
  baseURL,
}) => {
  const other = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.98' } })
  const thread = async (boardId: string, topic: string) => {
    const res = await other.request.post(`/api/boards/${boardId}/threads`, {
      multipart: { topic, content: topic, image: { name: 'a.png', mimeType: 'image/png', buffer: await png() } },
    })
    expect(res.status()).toBe(201)
    return (await res.json()).threadId as number
  }
  const watchedId = await thread('food', 'Watched elsewhere')
  const openId = await thread('tech', 'The open thread')

  // The first page's socket is loaded after the page runs: waited for, so it cannot open once the count has begun.
  const firstPage = joined(page, `food-${watchedId}`)
  await page.goto(`/board/food/thread/${watchedId}`)
  await firstPage
  await page.getByRole('button', { name: 'Watch', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Unwatch', exact: true })).toBeVisible()

  // The open thread's room and the watcher's room are joined on the page's one socket.
  const sockets: string[] = []
  page.on('websocket', (ws) => sockets.push(ws.url()))
  const watching = joined(page, `food-${watchedId}`)
  const reading = joined(page, `tech-${openId}`)
  await page.goto(`/board/tech/thread/${openId}`)
  await Promise.all([watching, reading])

  const watchedReply = await other.request.post(`/api/boards/food/threads/${watchedId}/posts`, {
    multipart: { content: 'a reply in the watched thread' },
  })
  expect(watchedReply.status()).toBe(201)
  const openReply = await other.request.post(`/api/boards/tech/threads/${openId}/posts`, {
    multipart: { content: 'a reply in the open thread' },
  })
  expect(openReply.status()).toBe(201)

  // Both arrive live: the open thread's own reply on the page, the other one only in the watcher's count.
  await expect(page.locator('article[data-post-id]', { hasText: 'a reply in the open thread' })).toBeVisible()
  await expect(page.getByTestId('watcher-unread')).toHaveText(/^1/)
  await expect(page.locator('article[data-post-id]', { hasText: 'a reply in the watched thread' })).toHaveCount(0)
  expect(sockets).toHaveLength(1)
  await other.close()
})
