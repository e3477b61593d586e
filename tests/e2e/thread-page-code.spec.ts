// What a thread page makes the browser download (the page's own scripts stay small): the staff tools
// only for staff, the live-update library after the page's scripts rather than among them, and the report form,
// the watcher's panel and the appeal form only once a reader needs them.
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
const MARKERS = [STAFF_MENU, STAFF_THREAD_CONTROLS, SOCKET_IO, REPORT_FORM, WATCHER_PANEL, APPEAL_FORM]

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
