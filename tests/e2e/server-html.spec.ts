// Thread pages come with their posts as ready HTML (post fragments cached on the server, lib/render/) and the
// page's React code takes the list over once it has hydrated. These check the ways a thread page can start: a page
// load, a client-side navigation (React's payload, no HTML), and a page restored from the router's cache (the
// payload of an earlier page load, whose HTML is gone). Board pages come with their cards the same way.
import { test, expect } from './fixtures'
import { form, postForm } from '../helpers/http'
import { png } from '../helpers/media'

test('a thread page loaded, reached by a link and restored by Back shows every post, and stays live', async ({
  page,
  baseURL,
}) => {
  const thread = await postForm(
    `${baseURL}/api/boards/movies/threads`,
    form({ topic: 'Fragments', content: 'The opening post' }, { name: 'a.png', bytes: await png() }),
  )
  expect(thread.status).toBe(201)
  const { threadId, postId: opId } = thread.body
  const posts = `${baseURL}/api/boards/movies/threads/${threadId}/posts`
  const first = await postForm(posts, form({ content: `>>${opId}\nA first reply` }))
  await postForm(posts, form({ content: `>>${first.body.postId}\nA second reply` }))

  // A page load: three posts, the opening post's backlink to the first reply in place, and no report form
  // until a reader asks for one.
  await page.goto(`/board/movies/thread/${threadId}`)
  const articles = page.locator('article[data-post-id]')
  await expect(articles).toHaveCount(3)
  await expect(page.locator(`#post-${opId} header a[data-ref="${first.body.postId}"]`)).toBeVisible()
  await expect(page.locator('dialog')).toHaveCount(0)
  await page.getByRole('button', { name: `Report post ${opId}` }).click()
  await expect(page.getByRole('dialog', { name: `Report post No. ${opId}` })).toBeVisible()
  await page.keyboard.press('Escape')

  // The list is React's now: a reply made elsewhere arrives live.
  await expect(page.getByText('Live updates enabled')).toBeVisible()
  await postForm(posts, form({ content: 'A live reply' }))
  await expect(articles).toHaveCount(4)
  await expect(page.getByText('A live reply')).toBeVisible()

  // To the board by a link, and Back: the page comes from the router's cache, without its HTML.
  await page.getByRole('link', { name: '/movies/ - Movies' }).click()
  await page.waitForURL(/\/board\/movies$/)
  await page.goBack()
  await page.waitForURL(new RegExp(`/thread/${threadId}$`))
  await expect(articles).toHaveCount(4)
  await expect(page.getByText('A second reply')).toBeVisible()

  // Reached by a link from the board: React's payload carries the posts.
  await page.goto('/board/movies')
  await page.locator(`article[data-thread-id="${threadId}"]`).getByRole('link', { name: 'View Thread' }).click()
  await page.waitForURL(new RegExp(`/thread/${threadId}$`))
  await expect(articles).toHaveCount(4)
  await expect(page.getByText('A live reply')).toBeVisible()
})

test('a board page loaded, reached by a link and restored by Back shows every card, and stays live', async ({
  page,
  baseURL,
}) => {
  const topics = ['Cards one', 'Cards two']
  for (const topic of topics) {
    const made = await postForm(
      `${baseURL}/api/boards/movies/threads`,
      form({ topic, content: `Opening ${topic}` }, { name: 'a.png', bytes: await png() }),
    )
    expect(made.status).toBe(201)
  }
  const cards = page.locator('article[data-thread-id]')
  const card = (topic: string) => cards.filter({ hasText: topic })

  // A page load: the server's cards, then React's once hydrated; a hidden thread shows that it is hidden.
  await page.goto('/board/movies')
  await expect(page.getByText('Live updates enabled')).toBeVisible()
  for (const topic of topics) await expect(card(topic)).toHaveCount(1)
  await card('Cards one')
    .getByRole('button', { name: /^Hide thread/ })
    .click()
  await expect(page.getByRole('button', { name: /^Unhide thread/ })).toBeVisible()
  await page.getByRole('button', { name: /^Unhide thread/ }).click()

  // To a thread by a link, and Back: the board comes from the router's cache, without its HTML (and before any
  // live refresh, whose payload would carry the threads).
  await card('Cards two').getByRole('link', { name: 'View Thread' }).click()
  await page.waitForURL(/\/thread\/\d+$/)
  await page.goBack()
  await page.waitForURL(/\/board\/movies$/)
  for (const topic of topics) await expect(card(topic)).toHaveCount(1)

  // Live: a new thread made elsewhere appears.
  const live = await postForm(
    `${baseURL}/api/boards/movies/threads`,
    form({ topic: 'Cards live', content: 'Made elsewhere' }, { name: 'b.png', bytes: await png() }),
  )
  expect(live.status).toBe(201)
  await expect(card('Cards live')).toHaveCount(1)

  // Reached by a link from a thread: React's payload carries the threads.
  await card('Cards one').getByRole('link', { name: 'View Thread' }).click()
  await page.waitForURL(/\/thread\/\d+$/)
  await page.getByRole('link', { name: '/movies/ - Movies' }).click()
  await page.waitForURL(/\/board\/movies$/)
  for (const topic of [...topics, 'Cards live']) await expect(card(topic)).toHaveCount(1)
})
