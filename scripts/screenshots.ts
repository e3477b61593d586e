// Takes the README's screenshots: starts the production build on a throwaway SQLite site, posts a few threads
// through the public API like visitors would, creates a staff account with the admin:create CLI, and photographs
// the home, board, catalog and thread pages (at desktop width, the thread at 390 px too) and the staff dashboard in
// Chromium, each in the light and the dark theme. Run `npm run build` first, then `npm run screenshots`; the PNGs
// land in docs/screenshots/ (NAME.png light, NAME-dark.png dark) and the README shows them. The sticky pin is an
// emoji: install an emoji font first (Debian: fonts-noto-color-emoji), or it shows as a box.
import { execFileSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { chromium, type Page } from '@playwright/test'
import sharp from 'sharp'
import { as, form, postForm } from '../tests/helpers/http'
import { ROOT, startServer } from '../tests/helpers/server'
import { StaffClient } from '../tests/helpers/staff'

const OUT = path.join(ROOT, 'docs/screenshots')
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** A picture worth posting: a gradient landscape drawn by sharp (no file from elsewhere in the repository). */
function picture(hue: number, label: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="520">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,72%)"/><stop offset="1" stop-color="hsl(${hue + 40},80%,90%)"/></linearGradient></defs>
    <rect width="800" height="520" fill="url(#sky)"/>
    <circle cx="610" cy="140" r="70" fill="hsl(${hue + 180},90%,85%)"/>
    <path d="M0 380 L180 230 L330 360 L480 200 L800 420 L800 520 L0 520 Z" fill="hsl(${hue + 120},35%,35%)"/>
    <path d="M0 450 L260 340 L520 460 L800 380 L800 520 L0 520 Z" fill="hsl(${hue + 120},40%,25%)"/>
    <text x="30" y="60" font-family="sans-serif" font-size="36" fill="#fff">${label}</text></svg>`
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer()
}

/** A staff admin made the way an operator does it: `npm run admin:create` against the site's database. */
function createStaffAccount(databaseUrl: string, dataDir: string): { username: string; password: string } {
  const username = 'screenshot_admin'
  const output = execFileSync(
    'npm',
    ['run', '--silent', 'admin:create', '--', '--username', username, '--email', 'admin@example.com'],
    {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  ).toString()
  const password = /Generated password \(shown once, store it now\): (\S+)/.exec(output)?.[1]
  if (!password) throw new Error(`admin:create printed no password:\n${output}`)
  return { username, password }
}

async function staffLogin(page: Page, url: string, staff: { username: string; password: string }) {
  await page.goto(`${url}/admin/login`)
  await page.getByLabel('Username').fill(staff.username)
  await page.getByLabel('Password').fill(staff.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.waitForURL(/\/admin\/dashboard$/)
}

async function main() {
  mkdirSync(OUT, { recursive: true })
  const server = await startServer({ env: { TRUST_PROXY_HOPS: '1' } })
  try {
    const api = (p: string) => `${server.url}/api/boards/${p}`
    const thread = async (board: string, ip: string, topic: string, content: string, hue: number) => {
      const res = await postForm(
        api(`${board}/threads`),
        form({ topic, content }, { name: `${topic}.jpg`, bytes: await picture(hue, topic) }),
        as(ip),
      )
      if (res.status !== 201) throw new Error(`thread: ${res.status} ${JSON.stringify(res.body)}`)
      return {
        ...(res.body as { threadId: number; postId: number }),
        cookie: res.headers.get('set-cookie')!.split(';')[0],
      }
    }
    const reply = async (board: string, threadId: number, ip: string, content: string, hue?: number) => {
      const file = hue === undefined ? undefined : { name: 'photo.jpg', bytes: await picture(hue, 'reply') }
      const res = await postForm(api(`${board}/threads/${threadId}/posts`), form({ content }, file), as(ip))
      if (res.status !== 201) throw new Error(`reply: ${res.status} ${JSON.stringify(res.body)}`)
      return res.body as { postId: number }
    }

    await thread('tech', '203.0.113.20', 'Mechanical keyboards', 'Post your boards. Linear or tactile?', 200)
    const main = await thread(
      'tech',
      '203.0.113.21',
      'Home server builds',
      'What are you running at home?\n>inb4 a raspberry pi',
      150,
    )
    const first = await reply(
      'tech',
      main.threadId,
      '203.0.113.22',
      `>>${main.postId}\nA small NAS with two mirrored disks.\n>it just works`,
    )
    await reply('tech', main.threadId, '203.0.113.23', 'Rack in the cellar, see pic.', 30)
    await reply(
      'tech',
      main.threadId,
      '203.0.113.24',
      `>>${first.postId}\nSame here. The ending of the docs was a [spoiler]cliffhanger[/spoiler] though.`,
    )
    const send = (url: string, body: unknown, headers: Record<string, string>) =>
      fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(body),
      })
    const created = await send(
      api(`tech/threads/${main.threadId}/posts/${main.postId}/survey`),
      {
        survey_type: 'single',
        question: 'Which OS runs your server?',
        options: ['Debian', 'FreeBSD', 'Something else'],
      },
      { Cookie: main.cookie, ...as('203.0.113.21') },
    )
    const { survey } = (await created.json()) as { survey: { id: number; options: { id: number }[] } }
    // Seven visitors vote, so the results bars have something to show.
    for (const [i, option] of [0, 0, 0, 1, 0, 2, 1].entries()) {
      await send(
        api(`tech/surveys/${survey.id}/vote`),
        { option_ids: [survey.options[option].id] },
        as(`203.0.113.${40 + i}`),
      )
    }
    await thread('random', '203.0.113.30', 'Sunset thread', 'Post sunsets.', 20)
    const staff = createStaffAccount(server.database.url, server.dataDir)
    // A few staff actions, so the dashboard's recent actions have rows: the thread pinned, a spammer banned.
    const mod = new StaffClient(server.url)
    if ((await mod.login(staff.username, staff.password)).status !== 200) throw new Error('staff login failed')
    const actions = [
      await mod.write('PUT', `/api/admin/boards/tech/threads/${main.threadId}/sticky`),
      await mod.write('POST', '/api/admin/bans', {
        ip_address: '203.0.113.99',
        board_id: 'tech',
        reason: 'Spam links',
        expires_at: null,
      }),
    ]
    for (const a of actions) if (a.status >= 300) throw new Error(`staff action: ${a.status} ${JSON.stringify(a.body)}`)

    const browser = await chromium.launch({ executablePath: CHROMIUM })
    const shots: [string, string, number][] = [
      ['home', '/', 1280],
      ['board', '/board/tech', 1280],
      ['catalog', '/board/tech/catalog', 1280],
      ['thread', `/board/tech/thread/${main.threadId}`, 1280],
      ['thread-mobile', `/board/tech/thread/${main.threadId}`, 390],
      ['dashboard', '/admin/dashboard', 1280],
    ]
    for (const colorScheme of ['light', 'dark'] as const) {
      // One browser per theme: the staff session of its dashboard shot stays in it.
      const context = await browser.newContext({ colorScheme })
      for (const [name, url, width] of shots) {
        const page = await context.newPage()
        await page.setViewportSize({ width, height: width < 600 ? 844 : 900 })
        if (url.startsWith('/admin/')) await staffLogin(page, server.url, staff)
        await page.goto(server.url + url, { waitUntil: 'networkidle' })
        // Board and thread pages are hydrated (and show their live controls) once their socket has joined.
        if (url.startsWith('/board/') && !url.endsWith('/catalog'))
          await page.getByText('Live updates enabled').waitFor()
        if (url.startsWith('/admin/')) await page.getByRole('heading', { name: 'Recent Actions' }).waitFor()
        const file = `${name}${colorScheme === 'dark' ? '-dark' : ''}.png`
        await page.screenshot({ path: path.join(OUT, file) })
        await page.close()
        console.log(`docs/screenshots/${file}`)
      }
      await context.close()
    }
    await browser.close()
  } finally {
    await server.stop()
  }
}

await main()
