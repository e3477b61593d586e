// A reply changes a thread page only inside its server-filled slots (lib/render/thread-posts-slot.ts): the post
// list, its JSON with the thread's post count and bump time, and the number of posts in the header. A reply or a
// new thread changes a board index page only inside its slots too (lib/render/board-threads-slot.ts): the cards
// and the threads' JSON. Everything else, React's payload included, stays byte for byte the same, which lets the
// page cache put the next version together from the previous render's surroundings and the new slot contents
// (lib/page-cache/splice.ts): each such page must equal a full render. Full renders here are cache renders made for each request (a Host the
// cache has never seen), so they carry no per-request nonce.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { form, getWithHost, postForm, splicedRenders } from '../helpers/http'
import { useServerConfig } from '../helpers/in-process'
import { png } from '../helpers/media'
import { roomyRateLimits, startServer, type TestServer } from '../helpers/server'

let server: TestServer
let fresh = 0
const METRICS_TOKEN = 'page-shell-metrics-token'

beforeAll(async () => {
  server = await startServer({ env: { METRICS_TOKEN, RATE_LIMITS: roomyRateLimits('threadCreate', 'postCreate') } })
  useServerConfig(server)
  // Until the ban index has loaded, pages bypass the cache's render path.
  for (let i = 0; (await render('/board/tech')).cache === 'undefined'; i++) {
    if (i > 100) throw new Error('the page cache never answered')
    await new Promise((r) => setTimeout(r, 100))
  }
}, 60_000)
afterAll(async () => {
  const { closeDb } = await import('@/lib/db/client')
  await closeDb()
  await server?.stop()
})

it('a reply (plain, quoting, quoting another thread, with a file, saged) changes nothing outside the slots, and the page served after it is put together from the previous one; a new poll changes more, and is rendered in full', async () => {
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
    return { postId: res.body.postId as number, cookie: res.headers.get('set-cookie')!.split(';')[0] }
  }
  const pagePath = `/board/tech/thread/${threadId}`
  await reply({ content: 'first reply' })
  const first = splitSlots((await render(pagePath)).body, THREAD_SLOTS)
  expect(first.slots['thread-post-count']).toBe('2')
  // Kept in the cache of the server's own Host, whose next versions are then put together from it.
  expect((await served(pagePath)).cache).toBe('MISS')
  expect((await served(pagePath)).cache).toBe('HIT')
  const splicedBefore = await spliced()

  const steps: [string, () => Promise<unknown>][] = [
    ['a plain reply', () => reply({ content: 'plain' })],
    ['a reply quoting the opening post', () => reply({ content: `>>${opId} agreed` })],
    ['a reply quoting a post of another thread', () => reply({ content: `>>${other.body.postId} over there` })],
    ['a reply with a file', async () => reply({ content: 'picture' }, { name: 'b.png', bytes: await png(40, 30) })],
    ['a saged reply', () => reply({ content: 'no bump', dont_bump: 'true' })],
  ]
  let posts = 2
  let previous = first
  for (const [what, step] of steps) {
    await step()
    posts++
    const page = splitSlots((await render(pagePath)).body, THREAD_SLOTS)
    expect(page.shell, what).toBe(first.shell)
    expect(page.slots['thread-post-count'], what).toBe(String(posts))
    expect(page.slots['thread-posts'], what).not.toBe(previous.slots['thread-posts'])
    expect(page.slots['thread-posts-data'], what).toContain(`"post_count":${posts}`)
    const kept = await served(pagePath)
    expect(kept.cache, what).toBe('MISS')
    expect(kept.body === page.html, what).toBe(true)
    previous = page
  }
  expect(await spliced()).toBe(splicedBefore + steps.length)

  const address = `/board/tech/thread/${other.body.threadId}#post-${other.body.postId}`
  expect(previous.slots['thread-posts-data']).toContain(address)
  expect(first.shell).not.toContain(address)

  // Poll results are in the page's React payload: a new poll changes it, and the page is rendered in full.
  const { postId, cookie } = await reply({ content: 'a question follows' })
  const poll = await fetch(`${server.url}/api/boards/tech/threads/${threadId}/posts/${postId}/survey`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: JSON.stringify({ survey_type: 'single', question: 'Which?', options: ['One', 'Two'] }),
  })
  expect(poll.status, await poll.clone().text()).toBe(201)
  const polled = splitSlots((await render(pagePath)).body, THREAD_SLOTS)
  expect(polled.shell).not.toBe(first.shell)
  expect(polled.shell).toContain('Which?')
  expect((await served(pagePath)).body === polled.html).toBe(true)
  expect(await spliced()).toBe(splicedBefore + steps.length)
})

it('a reply or a new thread changes nothing outside the slots of a board page, and the page served after it is put together from the previous one', async () => {
  const pagePath = '/board/science'
  const thread = async (topic: string) => {
    const image = { name: `${topic}.png`, bytes: await png() }
    const res = await postForm(
      `${server.url}/api/boards/science/threads`,
      form({ topic, content: `about ${topic}` }, image),
    )
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body as { threadId: number; postId: number }
  }
  const reply = async (threadId: number, fields: Record<string, string>, file?: { name: string; bytes: Buffer }) => {
    const res = await postForm(`${server.url}/api/boards/science/threads/${threadId}/posts`, form(fields, file))
    expect(res.status, JSON.stringify(res.body)).toBe(201)
  }
  const older = await thread('older')
  const newer = await thread('newer')
  const first = splitSlots((await render(pagePath)).body, BOARD_SLOTS)
  expect(first.slots['board-threads'].indexOf('newer')).toBeLessThan(first.slots['board-threads'].indexOf('older'))
  expect((await served(pagePath)).cache).toBe('MISS')
  expect((await served(pagePath)).cache).toBe('HIT')
  const splicedBefore = await spliced()

  const steps: [string, () => Promise<unknown>, (slots: Record<string, string>) => void][] = [
    [
      'a reply bumping the older thread above the newer',
      () => reply(older.threadId, { content: 'bump' }),
      (slots) => expect(slots['board-threads'].indexOf('older')).toBeLessThan(slots['board-threads'].indexOf('newer')),
    ],
    [
      'a reply with a file',
      async () => reply(newer.threadId, { content: 'picture' }, { name: 'b.png', bytes: await png(40, 30) }),
      // Two opening posts' images and the reply's.
      (slots) => expect(slots['board-threads'].match(/<img /g)).toHaveLength(3),
    ],
    [
      'a saged reply',
      () => reply(older.threadId, { content: 'no bump here', dont_bump: 'true' }),
      (slots) => expect(slots['board-threads']).toContain('no bump here'),
    ],
    [
      'a new thread',
      () => thread('newest'),
      (slots) => expect(slots['board-threads-data']).toContain('"topic":"newest"'),
    ],
  ]
  for (const [what, step, check] of steps) {
    await step()
    const page = splitSlots((await render(pagePath)).body, BOARD_SLOTS)
    expect(page.shell, what).toBe(first.shell)
    check(page.slots)
    const kept = await served(pagePath)
    expect(kept.cache, what).toBe('MISS')
    expect(kept.body === page.html, what).toBe(true)
  }
  expect(await spliced()).toBe(splicedBefore + steps.length)
})

it('the posts a thread page carries to its next version are checked against the thread: a post that appears below its newest (a reply committed late, as PostgreSQL may order them) is on the next version', async () => {
  const post = async (url: string, fields: Record<string, string>) => {
    const res = await postForm(`${server.url}/api/boards/tech/${url}`, form(fields))
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body as { threadId: number; postId: number }
  }
  const image = { name: 'late.png', bytes: await png() }
  const opened = await postForm(`${server.url}/api/boards/tech/threads`, form({ topic: 'late', content: 'op' }, image))
  expect(opened.status).toBe(201)
  const { threadId } = opened.body
  const elsewhere = await postForm(
    `${server.url}/api/boards/tech/threads`,
    form({ topic: 'there', content: 'op' }, image),
  )
  expect(elsewhere.status).toBe(201)
  await post(`threads/${threadId}/posts`, { content: 'early reply' })
  const late = await post(`threads/${elsewhere.body.threadId}/posts`, { content: 'committed late' })
  await post(`threads/${threadId}/posts`, { content: 'newer reply' })
  const pagePath = `/board/tech/thread/${threadId}`
  expect((await served(pagePath)).cache).toBe('MISS')
  expect((await served(pagePath)).body).not.toContain('committed late')
  const splicedBefore = await spliced()

  // The post joins the thread with an id below the newest post the page holds, and without an event of its own.
  const { getDb } = await import('@/lib/db/client')
  await (await getDb()).post.update({ where: { id: late.postId }, data: { threadId } })
  await post(`threads/${threadId}/posts`, { content: 'the next reply' })
  const kept = await served(pagePath)
  expect(kept.cache).toBe('MISS')
  expect(await spliced()).toBe(splicedBefore + 1)
  expect(kept.body).toContain('committed late')
  expect(kept.body.indexOf('committed late')).toBeLessThan(kept.body.indexOf('newer reply'))
  expect(kept.body === (await render(pagePath)).body).toBe(true)
})

const THREAD_SLOTS = ['thread-post-count', 'thread-posts', 'thread-posts-data']
const BOARD_SLOTS = ['board-threads', 'board-threads-data']

/** The page as the server's cache serves it under its own Host. */
async function served(pagePath: string): Promise<{ cache: string | null; body: string }> {
  const res = await fetch(`${server.url}${pagePath}`)
  return { cache: res.headers.get('x-corkboard-cache'), body: await res.text() }
}

/** How many pages the cache has put together from a previous render's shell. */
const spliced = () => splicedRenders(server.url, METRICS_TOKEN)

/** A cache render of the page made for this request alone. */
const render = (pagePath: string) => getWithHost(`${server.url}${pagePath}`, `shell-${fresh++}.test`)

/**
 * The page with each slot element's content taken out (`shell`), and those contents by slot name. A slot element
 * is the one with `data-slot`; its content ends at the close tag that balances it (user text is escaped, so every
 * `<div` or `</div>` in a post is a tag).
 */
function splitSlots(html: string, expected: string[]): { html: string; shell: string; slots: Record<string, string> } {
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
  expect(Object.keys(slots).sort()).toEqual(expected)
  return { html, shell, slots }
}
