// The Content-Security-Policy in Chromium: every kind of page is served with a policy that admits no inline
// script the server did not issue (a nonce from Next, or the page cache's hashes), the pages still work under it
// (replies post, live updates arrive, polls vote, charts draw, the staff area works), and the browser reports
// no violation. A script injected into a page is refused, which also proves the reporting reaches the test.
import type { Page, Response } from '@playwright/test'
import { test, expect } from './fixtures'
import { staffLogin } from './staff-login'
import { form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { createStaff } from '../helpers/staff'

interface Violation {
  via: 'event' | 'console'
  directive: string
  blocked: string
  page: string
}

/** Collects CSP violations: the page's securitypolicyviolation events and Chromium's console reports. */
async function watchViolations(page: Page): Promise<Violation[]> {
  const seen: Violation[] = []
  await page.exposeBinding(
    '__reportCspViolation',
    (_source, v: Omit<Violation, 'via'>) => void seen.push({ via: 'event', ...v }),
  )
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportCspViolation(v: unknown): void }).__reportCspViolation
      report({ directive: e.effectiveDirective, blocked: e.blockedURI, page: e.documentURI })
    })
  })
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text()))
      seen.push({ via: 'console', directive: msg.text(), blocked: '', page: page.url() })
  })
  return seen
}

const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.split(/\s+/)[0] === name)

/** The document's policy admits scripts only from this origin or by a nonce/hash, and locks down the rest. */
function expectStrictPolicy(res: Response | null) {
  const policy = res?.headers()['content-security-policy'] ?? ''
  expect(policy, `policy of ${res?.url()}`).not.toBe('')
  const script = directive(policy, 'script-src') ?? ''
  expect(script).toMatch(/'nonce-[A-Za-z0-9+/=]+'|'sha256-[A-Za-z0-9+/=]+'/)
  expect(script).not.toContain("'unsafe-inline'")
  for (const rule of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"])
    expect(directive(policy, rule.split(' ')[0])).toBe(rule)
}

/** No violation so far; then an injected inline script is refused and reported. */
async function expectCleanAndInjectionRefused(page: Page, seen: Violation[]) {
  expect(seen, `violations on ${page.url()}`).toEqual([])
  const ran = await page.evaluate(() => {
    const s = document.createElement('script')
    s.textContent = 'window.__injected = true'
    document.head.append(s)
    return (window as unknown as { __injected?: boolean }).__injected === true
  })
  expect(ran, `an injected script ran on ${page.url()}`).toBe(false)
  await expect.poll(() => seen.some((v) => v.via === 'event' && v.directive === 'script-src-elem')).toBe(true)
  seen.length = 0
}

async function visit(page: Page, seen: Violation[], path: string, status = 200): Promise<Response> {
  const res = await page.goto(path)
  expect(res?.status(), path).toBe(status)
  expectStrictPolicy(res)
  return res!
}

test('public pages under the policy: home, board, thread (poll, images, reply, live), rules, stats, contact, archive, create-thread, 404', async ({
  page,
  baseURL,
}) => {
  const seen = await watchViolations(page)
  // A thread with an image, a poll and an image reply, made through the API.
  const created = await postForm(
    `${baseURL}/api/boards/science/threads`,
    form({ topic: 'CSP thread', content: 'An image and a poll' }, { name: 'a.png', bytes: await png(120, 80) }),
  )
  expect(created.status).toBe(201)
  const { threadId, postId } = created.body as { threadId: number; postId: number }
  const owner = created.headers.get('set-cookie')!.split(';')[0]
  const survey = await fetch(`${baseURL}/api/boards/science/threads/${threadId}/posts/${postId}/survey`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: owner },
    body: JSON.stringify({ survey_type: 'single', question: 'Tabs or spaces?', options: ['Tabs', 'Spaces'] }),
  })
  expect(survey.status).toBe(201)
  const posts = `${baseURL}/api/boards/science/threads/${threadId}/posts`
  expect(
    (await postForm(posts, form({ content: 'an image reply' }, { name: 'b.png', bytes: await png(90, 60) }))).status,
  ).toBe(201)

  await visit(page, seen, '/')
  await expect(page.getByRole('heading', { name: 'Boards', exact: true })).toBeVisible()
  await expectCleanAndInjectionRefused(page, seen)

  await visit(page, seen, '/board/science')
  await expect(page.getByText('CSP thread')).toBeVisible()
  await expect(page.getByTestId('live-indicator')).toHaveText('Live updates enabled')
  await expectCleanAndInjectionRefused(page, seen)

  // The thread page twice: rendered for the cache, then from the cache; and once with a query (rendered by Next).
  for (const path of [
    `/board/science/thread/${threadId}`,
    `/board/science/thread/${threadId}`,
    `/board/science/thread/${threadId}?view=1`,
  ]) {
    await visit(page, seen, path)
    await expect(page.getByTestId('live-indicator')).toHaveText('Live updates enabled')
    const images = page.locator('article[data-post-id] img[src^="/media/"]')
    await expect(images).toHaveCount(2)
    for (const img of await images.all())
      await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true)
    await expect(page.getByTestId('poll')).toContainText('Tabs or spaces?')
    await expectCleanAndInjectionRefused(page, seen)
  }
  const cached = await page.goto(`/board/science/thread/${threadId}`)
  expect(cached?.headers()['x-corkboard-cache']).toBe('HIT')
  expect(directive(cached!.headers()['content-security-policy'], 'script-src')).toMatch(/'sha256-/)
  await expect(page.getByTestId('live-indicator')).toHaveText('Live updates enabled')

  // The page works: a vote, a reply through the form, and a reply from elsewhere arriving live.
  const poll = page.getByTestId('poll')
  await poll.getByLabel('Spaces').check()
  await poll.getByRole('button', { name: 'Vote', exact: true }).click()
  await expect(poll.getByTestId('poll-count')).toHaveText(['0 (0%)', '1 (100%)'])
  const articles = page.locator('article[data-post-id]')
  await page.getByLabel('Reply', { exact: true }).getByRole('textbox').fill('posted under the policy')
  await page.getByRole('button', { name: 'Post Reply' }).click()
  await expect(articles).toHaveCount(3)
  // Among the posts: the reply box may still hold the text for a moment (the live event can beat the POST's answer).
  await expect(articles.getByText('posted under the policy')).toBeVisible()
  await postForm(posts, form({ content: 'arrived live' }), { 'X-Forwarded-For': '198.51.100.77' })
  await expect(page.getByText('arrived live')).toBeVisible({ timeout: 5000 })
  await expectCleanAndInjectionRefused(page, seen)

  await visit(page, seen, '/rules')
  await expect(page.getByRole('heading', { name: 'Rules', level: 1 })).toBeVisible()
  await expectCleanAndInjectionRefused(page, seen)

  await visit(page, seen, '/stats')
  await expect(page.getByRole('heading', { name: 'Site Statistics', level: 1 })).toBeVisible()
  for (const name of ['Visitor Activity', 'Board Activity']) {
    const canvas = page.getByRole('img', { name })
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
      .toBeGreaterThan(100)
  }
  await expectCleanAndInjectionRefused(page, seen)

  await visit(page, seen, '/contact')
  await expect(page.getByText('Contact Us')).toBeVisible()
  await expectCleanAndInjectionRefused(page, seen)

  // The board's archive, a later index page (404 when the board has one page) and the create-thread form.
  await visit(page, seen, '/board/science/archive')
  await expect(page.getByRole('heading', { name: 'Archive', level: 1 })).toBeVisible()
  await expectCleanAndInjectionRefused(page, seen)
  await visit(page, seen, '/board/science/create-thread')
  await expect(page.getByRole('heading', { name: 'Create a new thread' })).toBeVisible()
  await expectCleanAndInjectionRefused(page, seen)

  await visit(page, seen, '/no/such/page', 404)
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
  // Client-side navigation from the 404 page still works.
  await page.getByRole('link', { name: 'Go to Home' }).click()
  await expect(page.getByRole('heading', { name: 'Boards', exact: true })).toBeVisible()
  await expectCleanAndInjectionRefused(page, seen)
})

test('the staff area under the policy: login, dashboard and every admin page, staff tools on a thread', async ({
  page,
  baseURL,
  server,
}) => {
  const seen = await watchViolations(page)
  const admin = await createStaff(server.database, {
    username: 'csp_admin',
    role: 'admin',
    password: 'csp admin password',
  })
  const t = (
    await postForm(
      `${baseURL}/api/boards/tech/threads`,
      form({ topic: 'Staff CSP', content: 'op' }, { name: 'a.png', bytes: await png() }),
    )
  ).body as { threadId: number }

  await visit(page, seen, '/admin/login')
  await expectCleanAndInjectionRefused(page, seen)
  await staffLogin(page, admin.username, admin.password)
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible()
  expect(seen).toEqual([])

  // Staff tools on a visitor page load on demand (their own chunks) and act through the API (the
  // action then shows in the staff pages' logs and charts).
  await visit(page, seen, `/board/tech/thread/${t.threadId}`)
  const controls = page.getByTestId('staff-thread-controls')
  await controls.getByRole('button', { name: 'Make sticky' }).click()
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`${baseURL}/api/boards/tech/threads/${t.threadId}`)).json()).thread.is_sticky,
    )
    .toBe(true)
  await expectCleanAndInjectionRefused(page, seen)

  const pages: Array<[string, string]> = [
    ['/admin/dashboard', 'Admin Dashboard'],
    ['/admin/bans', 'Bans'],
    ['/admin/bans/create', 'Create Ban'],
    ['/admin/actions', 'Action Log'],
    ['/admin/ip-history/127.0.0.1', 'IP history: 127.0.0.1'],
    ['/admin/users', 'Admin Users'],
    ['/admin/settings', 'Settings'],
    ['/admin/stats', 'Moderation Statistics'],
    ['/admin/housekeeping', 'Housekeeping'],
    ['/admin/rangebans', 'Rangebans'],
  ]
  for (const [path, heading] of pages) {
    await visit(page, seen, path)
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible()
    if (path === '/admin/stats') await expect(page.getByRole('img', { name: 'Actions per day' })).toBeVisible()
    await expectCleanAndInjectionRefused(page, seen)
  }
})
