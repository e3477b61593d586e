// A reply changes a thread page only inside its server-filled slots (lib/render/thread-posts-slot.ts): the post
// list, its JSON with the thread's post count and bump time, and the number of posts in the header. Everything
// else, React's payload included, stays byte for byte the same, which is what lets a later page be put together
// from the previous one's surroundings and new slot contents. Pages are cache renders made for each request (a
// Host the cache has never seen), so they carry no per-request nonce.
import { request } from 'node:http'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { roomyRateLimits, startServer, type TestServer } from '../helpers/server'

let server: TestServer
let fresh = 0

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMITS: roomyRateLimits('threadCreate', 'postCreate') } })
  // Until the ban index has loaded, pages bypass the cache's render path.
  for (let i = 0; (await render('/board/tech')).cache === 'undefined'; i++) {
    if (i > 100) throw new Error('the page cache never answered')
    await new Promise((r) => setTimeout(r, 100))
  }
}, 60_000)
afterAll(async () => {
  await server?.stop()
})

it('a reply (plain, quoting, with a file, saged) changes nothing outside the slots; a quote of another thread does', async () => {
  const thread = await postForm(
    `${server.url}/api/boards/tech/threads`,
    form({ topic: 'shell', content: 'opening post' }, { name: 'a.png', bytes: await png() }),
  )
  expect(thread.status).toBe(201)
  const { threadId, postId: opId } = thread.body
  const other = await postForm(
    `${server.url}/api/boards/tech/threads`,
    form({ topic: 'other', content: 'elsewhere' }, { name: 'c.png', bytes: await png(20, 20) }),
  )
  expect(other.status).toBe(201)
  const reply = async (fields: Record<string, string>, file?: { name: string; bytes: Buffer }) => {
    const res = await postForm(`${server.url}/api/boards/tech/threads/${threadId}/posts`, form(fields, file))
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body.postId as number
  }
  const pagePath = `/board/tech/thread/${threadId}`
  await reply({ content: 'first reply' })
  const first = splitSlots((await render(pagePath)).body)
  expect(first.slots['thread-post-count']).toBe('2')

  const steps: [string, () => Promise<unknown>][] = [
    ['a plain reply', () => reply({ content: 'plain' })],
    ['a reply quoting the opening post', () => reply({ content: `>>${opId} agreed` })],
    ['a reply with a file', async () => reply({ content: 'picture' }, { name: 'b.png', bytes: await png(40, 30) })],
    ['a saged reply', () => reply({ content: 'no bump', dont_bump: 'true' })],
  ]
  let posts = 2
  let previous = first
  for (const [what, step] of steps) {
    await step()
    posts++
    const page = splitSlots((await render(pagePath)).body)
    expect(page.shell, what).toBe(first.shell)
    expect(page.slots['thread-post-count'], what).toBe(String(posts))
    expect(page.slots['thread-posts'], what).not.toBe(previous.slots['thread-posts'])
    expect(page.slots['thread-posts-data'], what).toContain(`"post_count":${posts}`)
    previous = page
  }

  // The page's React payload carries the hrefs of posts quoted in other threads: such a reply changes it.
  await reply({ content: `>>${other.body.postId} over there` })
  const crossQuoted = splitSlots((await render(pagePath)).body)
  expect(crossQuoted.shell).not.toBe(first.shell)
  expect(crossQuoted.shell).toContain(`/board/tech/thread/${other.body.threadId}#post-${other.body.postId}`)
})

/** A cache render of the page made for this request alone. */
function render(pagePath: string): Promise<{ status: number; cache: string; body: string }> {
  return new Promise((resolve, reject) => {
    const headers = { host: `shell-${fresh++}.test`, 'accept-encoding': 'identity' }
    const req = request(`${server.url}${pagePath}`, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('error', reject)
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          cache: String(res.headers['x-corkboard-cache']),
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      )
    })
    req.on('error', reject)
    req.end()
  })
}

/**
 * The page with each slot element's content taken out (`shell`), and those contents by slot name. A slot element
 * is the one with `data-slot`; its content ends at the close tag that balances it (user text is escaped, so every
 * `<div` or `</div>` in a post is a tag).
 */
function splitSlots(html: string): { shell: string; slots: Record<string, string> } {
  const slots: Record<string, string> = {}
  let shell = ''
  let at = 0
  const opening = /<(div|span)\b[^>]*\bdata-slot="([^"]+)"[^>]*>/g
  for (let m = opening.exec(html); m; m = opening.exec(html)) {
    const [tag, element, name] = m
    const start = m.index + tag.length
    const tags = new RegExp(`<${element}\\b|</${element}>`, 'g')
    tags.lastIndex = start
    let depth = 1
    let end = -1
    for (let t = tags.exec(html); t; t = tags.exec(html)) {
      depth += t[0].startsWith('</') ? -1 : 1
      if (depth === 0) {
        end = t.index
        break
      }
    }
    expect(end, `slot ${name} is never closed`).toBeGreaterThan(-1)
    slots[name] = html.slice(start, end)
    shell += html.slice(at, start)
    at = end
    opening.lastIndex = end
  }
  shell += html.slice(at)
  expect(Object.keys(slots).sort()).toEqual(['thread-post-count', 'thread-posts', 'thread-posts-data'])
  return { shell, slots }
}
