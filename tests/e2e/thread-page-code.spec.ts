// What a thread page makes the browser download (the page's own scripts stay small): the staff tools
// only for staff, the live-update library after the page's scripts rather than among them, and the report form,
// the watcher's panel and the appeal form only once a reader needs them, the poll's code only where a poll is shown.
import type { Page } from '@playwright/test'
import { scriptSources } from '@/bench/js-size'
import { test, expect } from './fixtures'
import { staffLogin } from './staff-login'
import { form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { createStaff } from '../helpers/staff'

// Texts that occur only in the code of one part, minified or not.
const STAFF_MENU = 'Check Mod History'
const STAFF_THREAD_CONTROLS = 'Reason for deleting this thread'
const SOCKET_IO = 'websocket connection closed'
const REPORT_FORM = 'What is wrong with it?'
const WATCHER_PANEL = 'Watched threads'
const APPEAL_FORM = 'Your appeal is being reviewed.'
const POLL = 'poll-correlations'
const MARKERS = [STAFF_MENU, STAFF_THREAD_CONTROLS, SOCKET_IO, REPORT_FORM, WATCHER_PANEL, APPEAL_FORM, POLL]

/** The text of every script the page fetches from now on. */
function recordScripts(page: Page): Promise<string>[] {
  const scripts: Promise<string>[] = []
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.push(res.text())
  })
  return scripts
}

/** Which of the marker texts occur in the scripts (a short failure message, unlike the scripts themselves). */
async function markersIn(scripts: Promise<string>[]): Promise<string[]> {
  const code = (await Promise.all(scripts)).join('\n')
  return MARKERS.filter((marker) => code.includes(marker))
}

test('a visitor fetches no staff code and gets socket.io after the page scripts; staff get their tools', async ({
  browser,
  baseURL,
  server,
}) => {
  const thread = (
    await postForm(
      `${baseURL}/api/boards/science/threads`,
      form({ topic: 'Code split', content: 'op' }, { name: 'a.png', bytes: await png() }),
    )
  ).body
  const path = `/board/science/thread/${thread.threadId}`

  const visitor = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.81' } })
  const page = await visitor.newPage()
  const fetched = recordScripts(page)
  await page.goto(path)
  await expect(page.getByTestId('live-indicator')).toHaveText('Live updates enabled')
  expect(await markersIn(fetched)).toEqual([SOCKET_IO])
  // The scripts the served HTML names (what a page ships up front) leave socket.io out.
  const html = await (await page.request.get(path)).text()
  const sources = scriptSources(html)
  expect(sources.length).toBeGreaterThan(0)
  expect(await markersIn(sources.map(async (src) => (await page.request.get(src)).text()))).toEqual([])
  // Each loads with its first use.
  await page.getByRole('button', { name: `Report post ${thread.postId}` }).click()
  await expect(page.getByRole('dialog', { name: `Report post No. ${thread.postId}` })).toBeVisible()
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Watch', exact: true }).click()
  await expect(page.getByRole('button', { name: /^Watched/ })).toBeVisible()
  expect(await markersIn(fetched)).toEqual([SOCKET_IO, REPORT_FORM, WATCHER_PANEL])
  await visitor.close()

  const mod = await createStaff(server.database, {
    username: 'codesplit_mod',
    role: 'moderator',
    password: 'moderator password',
  })
  const staff = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': '10.0.0.81' } })
  const m = await staff.newPage()
  await staffLogin(m, mod.username, mod.password)
  // The dashboard may still be fetching scripts when the login returns; leaving it first ends those requests, so
  // every script recorded below belongs to the thread page (a body of a page navigated away from cannot be read).
  await m.goto('about:blank')
  const staffFetched = recordScripts(m)
  await m.goto(path)
  await expect(m.getByRole('button', { name: `Staff menu for post ${thread.postId}` })).toBeVisible()
  await expect(m.getByRole('button', { name: 'Make sticky' })).toBeVisible()
  await expect(m.getByTestId('live-indicator')).toHaveText('Live updates enabled')
  expect(await markersIn(staffFetched)).toEqual([STAFF_MENU, STAFF_THREAD_CONTROLS, SOCKET_IO])
  await staff.close()
})

test('the poll code is fetched only by a page with a poll, which shows its poll from the first paint on', async ({
  page,
  baseURL,
}) => {
  const created = await postForm(
    `${baseURL}/api/boards/science/threads`,
    form({ topic: 'Polled', content: 'op' }, { name: 'a.png', bytes: await png() }),
  )
  expect(created.status).toBe(201)
  const { threadId, postId } = created.body as { threadId: number; postId: number }
  const owner = created.headers.get('set-cookie')!.split(';')[0]

  const fetched = recordScripts(page)
  await page.goto(`/board/science/thread/${threadId}`)
  await expect(page.getByTestId('live-indicator')).toHaveText('Live updates enabled')
  expect(await markersIn(fetched)).not.toContain(POLL)

  const attached = await fetch(`${baseURL}/api/boards/science/threads/${threadId}/posts/${postId}/survey`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: owner },
    body: JSON.stringify({ survey_type: 'single', question: 'Tabs or spaces?', options: ['Tabs', 'Spaces'] }),
  })
  expect(attached.status).toBe(201)
  // The list the server drew (with its poll) stays until the poll's code is here, then the browser draws its own:
  // the poll is on the page at every moment in between.
  await page.addInitScript(() => {
    const w = window as unknown as { pollMissing: boolean }
    w.pollMissing = false
    new MutationObserver(() => {
      // From the end of parsing on (the list comes after the header in the document).
      if (document.readyState !== 'loading' && !document.querySelector('[data-testid="poll"]')) w.pollMissing = true
    }).observe(document, { childList: true, subtree: true })
  })
  await page.reload()
  await expect(page.getByTestId('live-indicator')).toHaveText('Live updates enabled')
  await page.getByTestId('poll').getByLabel('Tabs').check()
  await page.getByTestId('poll').getByRole('button', { name: 'Vote', exact: true }).click()
  await expect(page.getByTestId('poll').getByTestId('poll-count').first()).toHaveText('1 (100%)')
  expect(await markersIn(fetched)).toContain(POLL)
  expect(await page.evaluate(() => (window as unknown as { pollMissing: boolean }).pollMissing)).toBe(false)
})
