// Readers without JavaScript and crawlers get complete pages: the raw HTML carries every post's text, titles
// and canonical URLs, and nothing waits behind a streamed Suspense boundary (which needs script to show).
import { afterAll, beforeAll, expect, it } from 'vitest'
import { form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { startServer, type TestServer } from '../helpers/server'

let server: TestServer
let thread: { threadId: number; postId: number }
beforeAll(async () => {
  server = await startServer()
  thread = (
    await postForm(
      `${server.url}/api/boards/science/threads`,
      form(
        { topic: 'Raw <b>HTML</b> topic', content: 'Opening <script>alert(1)</script> text' },
        { name: 'a.png', bytes: await png() },
      ),
    )
  ).body
  await postForm(
    `${server.url}/api/boards/science/threads/${thread.threadId}/posts`,
    form({ content: `>>${thread.postId}\n>quoted & escaped` }),
  )
})
afterAll(async () => {
  await server?.stop()
})

const html = async (path: string) => {
  const res = await fetch(server.url + path)
  return { status: res.status, text: await res.text() }
}

function expectComplete(text: string) {
  expect(text).not.toMatch(/<template id="B:|hidden id="S:/)
}

it('serves the board page complete, escaped and with its metadata', async () => {
  const { status, text } = await html('/board/science')
  expect(status).toBe(200)
  expectComplete(text)
  expect(text).toContain('<title>/science/ - Science - Corkboard</title>')
  expect(text).toMatch(/<link rel="canonical" href="[^"]*\/board\/science"/)
  expect(text).toContain('Raw &lt;b&gt;HTML&lt;/b&gt; topic')
  expect(text).toContain('Opening &lt;script&gt;alert(1)&lt;/script&gt; text')
  expect(text).not.toContain('<script>alert(1)</script>')
  expect(text).toContain('&gt;quoted &amp; escaped')
})

it('serves the thread page complete, with post links and media links', async () => {
  const { status, text } = await html(`/board/science/thread/${thread.threadId}`)
  expect(status).toBe(200)
  expectComplete(text)
  expect(text).toContain(`href="#post-${thread.postId}"`)
  expect(text).toMatch(/href="\/media\/[0-9a-f]{2}\/[0-9a-f]{64}\.png"/)
  expect(text).toMatch(new RegExp(`<link rel="canonical" href="[^"]*/board/science/thread/${thread.threadId}"`))
})

it('answers unknown pages with 404 and the home page with both board cards', async () => {
  expect((await html('/no/such/page')).status).toBe(404)
  const home = await html('/')
  expectComplete(home.text)
  expect(home.text).toContain('NSFW Boards')
})

it('publishes robots.txt and a sitemap with boards and live threads', async () => {
  const robots = await html('/robots.txt')
  expect(robots.text).toContain('Disallow: /admin')
  expect(robots.text).toMatch(/Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml/)
  const sitemap = await html('/sitemap.xml')
  expect(sitemap.text).toMatch(/<loc>http:\/\/127\.0\.0\.1:\d+\/board\/science<\/loc>/)
  expect(sitemap.text).toContain(`/board/science/thread/${thread.threadId}</loc>`)
})

it('redirects /post/{id} to the post in its thread', async () => {
  const res = await fetch(`${server.url}/post/${thread.postId}`, { redirect: 'manual' })
  expect(res.status).toBe(307)
  expect(res.headers.get('location')).toBe(`/board/science/thread/${thread.threadId}#post-${thread.postId}`)
  expect((await fetch(`${server.url}/post/999999`, { redirect: 'manual' })).status).toBe(404)
})

it('shows the range-ban screen instead of the board', async () => {
  const { createStaff, StaffClient } = await import('../helpers/staff')
  const u = await createStaff(server.database, { username: 'rb_admin', role: 'admin' })
  const admin = new StaffClient(server.url)
  await admin.login(u.username, u.password)
  const res = await admin.write('POST', '/api/admin/rangebans', {
    ban_type: 'ip_range',
    ban_value: '127.0.0.0/8',
    board_id: 'anime',
    reason: 'closed for tests',
  })
  expect(res.status).toBe(201)
  const { status, text } = await html('/board/anime')
  expect(status).toBe(200)
  expect(text).toContain('Your IP range is banned from this board')
  expect(text).toContain('closed for tests')
  expect(text).toContain('Range bans cannot be appealed.')
})
