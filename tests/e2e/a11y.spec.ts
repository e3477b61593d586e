// axe-core in Chromium on every public page and the staff login and dashboard, in the light and the dark theme: no
// serious or critical violation (contrast, labels, names, landmarks…). The pages carry what a site shows: a thread
// with an image, greentext, red text, a spoiler, a poll, a reply quoting the reader's own post ("(You)"), search
// results with marked words. (No staff action here: the files share a server, and later files count actions.)
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { test, expect } from './fixtures'
import { staffLogin } from './staff-login'
import { as, form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { createStaff } from '../helpers/staff'

/** The serious and critical violations on the page as it is now, one line each (rule, element, why). */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} at ${n.target.join(' ')}: ${n.failureSummary ?? v.help}`))
}

test('public pages, the staff login and the dashboard pass axe in the light and the dark theme', async ({
  browser,
  baseURL,
  server,
}) => {
  test.setTimeout(240_000)
  const poster = as('198.51.100.140')
  const op = await postForm(
    `${baseURL}/api/boards/science/threads`,
    form(
      {
        topic: 'Accessible thread',
        content: 'An axolotl photo\n>greentext line\n<red text line\n[spoiler]hidden[/spoiler]',
      },
      { name: 'axolotl.png', bytes: await png(320, 200) },
    ),
    poster,
  )
  expect(op.status).toBe(201)
  const { threadId, postId } = op.body as { threadId: number; postId: number }
  const owner = op.headers.get('set-cookie')!.split(';')[0]
  const poll = await fetch(`${baseURL}/api/boards/science/threads/${threadId}/posts/${postId}/survey`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: owner, ...poster },
    body: JSON.stringify({ survey_type: 'single', question: 'Best amphibian?', options: ['Axolotl', 'Newt'] }),
  })
  expect(poll.status).toBe(201)
  const reply = await postForm(
    `${baseURL}/api/boards/science/threads/${threadId}/posts`,
    form({ content: `>>${postId}\nQuite the axolotl.` }, { name: 'b.png', bytes: await png(90, 60) }),
    as('198.51.100.141'),
  )
  expect(reply.status).toBe(201)
  const admin = await createStaff(server.database, {
    username: 'axe_admin',
    role: 'admin',
    password: 'axe admin password',
  })

  const pages: Array<[string, string]> = [
    ['/', 'Boards'],
    ['/board/science', 'Accessible thread'],
    ['/board/science/catalog', 'Accessible thread'],
    [`/board/science/thread/${threadId}`, 'Best amphibian?'],
    ['/board/science/create-thread', 'Create a new thread'],
    ['/board/science/archive', 'Archive'],
    ['/search?q=axolotl', 'axolotl'],
    ['/rules', 'Rules'],
    ['/stats', 'Site Statistics'],
    ['/contact', 'Contact Us'],
    ['/admin/login', 'Staff Login'],
  ]
  for (const colorScheme of ['light', 'dark'] as const) {
    // The poster's own browser: it remembers the opening post as its own, so the reply's quote reads "(You)".
    const context = await browser.newContext({ colorScheme })
    await context.addInitScript((id) => {
      localStorage.setItem('corkboard:ownPosts', JSON.stringify({ ids: [id], lastUpdated: new Date().toISOString() }))
    }, postId)
    const page = await context.newPage()
    for (const [path, text] of pages) {
      await page.goto(path)
      await expect(page.getByText(text, { exact: false }).first()).toBeVisible()
      if (path.includes('/thread/')) await expect(page.getByTestId('live-indicator')).toHaveText('Live updates enabled')
      // The theme the page shows is the one asked for (the system's setting; nothing picked in this browser).
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
      expect(background, `${path} in ${colorScheme}`).toBe(
        colorScheme === 'dark' ? 'rgb(11, 17, 32)' : 'rgb(238, 242, 255)',
      )
      expect(await seriousViolations(page), `${path} in ${colorScheme}`).toEqual([])
    }
    await staffLogin(page, admin.username, admin.password)
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Recent Actions' })).toBeVisible()
    expect(await seriousViolations(page), `dashboard in ${colorScheme}`).toEqual([])
    await context.close()
  }
})
