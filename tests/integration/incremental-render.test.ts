// Pages served from the page cache, after a long random sequence of writes, are byte for byte the pages a full
// render gives at that moment (and so is the read API's thread list). Two processes on one database: A serves visitors (its cache is kept up by the
// events of the writes, all made through A, and its renders reuse parsed post texts and post HTML fragments); B
// only renders, every post afresh (FRAGMENT_CACHE_MB=0). Each
// request to B names a Host it has never seen, and the cache is keyed by Host and path, so B answers with a render
// made for that request through the same cache render path (no nonce, the same headers), never a kept page.
// A stale page on A (an invalidation missing or too narrow), a reused piece that a write should have changed, or
// a thread page put together from its previous render's shell that a full render would not give, shows as a
// difference.
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../helpers/database'
import { as, form, getWithHost, postForm, splicedRenders } from '../helpers/http'
import { png } from '../helpers/media'
import { startServer, type TestServer, roomyRateLimits } from '../helpers/server'
import { loggedInAdmin, type StaffClient } from '../helpers/staff'

const BOARD = 'tech'
const METRICS_TOKEN = 'incremental-render-metrics'
const STEPS = 160
const BATCH = 10

let database: TestDatabase
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'corkboard-incremental-'))
let a: TestServer
let b: TestServer
let staff: StaffClient

beforeAll(async () => {
  database = await createTestDatabase(dataDir)
  const env = {
    TRUST_PROXY_HOPS: '1',
    RATE_LIMITS: roomyRateLimits('surveyCreate', 'vote', 'visitorDelete', 'staffWrite'),
  }
  a = await startServer({ env: { ...env, METRICS_TOKEN }, database, dataDir, keep: true })
  // B renders every post of every page afresh: no fragment is reused from one of its renders to the next.
  b = await startServer({ env: { ...env, FRAGMENT_CACHE_MB: '0' }, database, dataDir, keep: true })
  staff = await loggedInAdmin(a)
  // Until a process has loaded its ban index, every visitor may be banned and pages bypass its cache.
  for (const server of [a, b]) {
    for (let i = 0; (await getWithHost(`${server.url}/board/${BOARD}`, `warm-${i}.test`)).cache === 'undefined'; i++) {
      if (i > 100) throw new Error(`the page cache of ${server.url} never answered`)
      await new Promise((r) => setTimeout(r, 100))
    }
  }
}, 120_000)
afterAll(async () => {
  await b?.stop()
  await a?.stop()
  await database?.drop()
  rmSync(dataDir, { recursive: true, force: true })
})

/** mulberry32: a seeded sequence, so a failure replays the same writes. */
function prng(seed: number) {
  let s = seed >>> 0
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (n: number) => Math.floor(next() * n)
  const pick = <T>(items: T[]): T => items[int(items.length)]
  return { next, int, pick }
}

interface OwnPost {
  postId: number
  threadId: number
  cookie: string
  isOp: boolean
  gone?: boolean
}
const SEED = 19
const rand = prng(SEED)
const posts: OwnPost[] = []
const surveys: { id: number; options: number[]; threadId: number }[] = []
let ipCounter = 0
const freshIp = () => `198.18.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`
let shade = 0
const COLORS = ['red', 'green', 'blue', 'purple', 'black', 'orange']

/** Post text using every kind of markup, with references to posts of this thread and of others. */
function text(step: number): string {
  const lines = [`Step ${step} says ${rand.int(1e6)}`]
  for (let i = rand.int(4); i > 0; i--) {
    const ref = posts.length ? rand.pick(posts).postId : 1
    lines.push(
      rand.pick([
        `>>${ref} agreed`,
        `>green line ${i}`,
        `<red line ${i}`,
        `[spoiler]hidden ${step}[/spoiler] and >>${ref}`,
        `see https://example.com/p/${step}?q=${i}.`,
        `https://youtu.be/dQw4w9WgXc${i % 10}`,
        `Grüße – ${'long words '.repeat(rand.int(80))}`,
      ]),
    )
  }
  return lines.join('\n')
}

const live = () => posts.filter((p) => !p.gone)
const liveThreads = () => [...new Set(live().map((p) => p.threadId))]

async function newThread(step: number) {
  const res = await postForm(
    `${a.url}/api/boards/${BOARD}/threads`,
    form(
      { topic: `Thread of step ${step}`, content: text(step) },
      { name: 'a.png', bytes: await png(20, 20, { r: shade++ % 256, g: 40, b: 90 }) },
    ),
    as(freshIp()),
  )
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  const cookie = res.headers.get('set-cookie')!.split(';')[0]
  posts.push({ postId: res.body.postId, threadId: res.body.threadId, cookie, isOp: true })
}

async function reply(step: number) {
  const threadId = rand.pick(liveThreads())
  const res = await postForm(
    `${a.url}/api/boards/${BOARD}/threads/${threadId}/posts`,
    form({ content: text(step) }),
    as(freshIp()),
  )
  // A thread pushed off the board meanwhile refuses replies; the page comparison still covers it.
  if (res.status !== 201) return
  posts.push({ postId: res.body.postId, threadId, cookie: res.headers.get('set-cookie')!.split(';')[0], isOp: false })
}

function forget(post: OwnPost) {
  // Deleting an opening post deletes its thread, and with it every post of the thread.
  for (const p of posts) if (p === post || (post.isOp && p.threadId === post.threadId)) p.gone = true
}

async function ownerDelete() {
  const replies = live().filter((p) => !p.isOp || rand.int(6) === 0)
  if (!replies.length) return
  const post = rand.pick(replies)
  const res = await fetch(`${a.url}/api/boards/${BOARD}/threads/${post.threadId}/posts/${post.postId}`, {
    method: 'DELETE',
    headers: { Cookie: post.cookie },
  })
  if (res.status === 200) forget(post)
}

async function staffDelete() {
  const post = rand.pick(live().filter((p) => !p.isOp))
  if (!post) return
  const res = await staff.write('DELETE', `/api/admin/posts/${post.postId}`, {
    boardId: BOARD,
    threadId: post.threadId,
    reason: 'random sequence',
  })
  if (res.status === 200) forget(post)
}

async function colour() {
  const post = rand.pick(live())
  const res = await staff.write('PUT', `/api/admin/posts/${post.postId}/color`, {
    boardId: BOARD,
    threadId: post.threadId,
    color: rand.pick(COLORS),
  })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
}

async function poll() {
  const post = rand.pick(live())
  const res = await fetch(`${a.url}/api/boards/${BOARD}/threads/${post.threadId}/posts/${post.postId}/survey`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: post.cookie },
    body: JSON.stringify({
      survey_type: rand.pick(['single', 'multiple']),
      question: `Which one, ${post.postId}?`,
      options: ['First', 'Second', 'Third'],
    }),
  })
  if (res.status !== 201) return // the post has a poll already
  const { survey } = await res.json()
  surveys.push({ id: survey.id, options: survey.options.map((o: { id: number }) => o.id), threadId: post.threadId })
}

async function vote() {
  const survey = rand.pick(surveys.filter((s) => liveThreads().includes(s.threadId)))
  if (!survey) return poll()
  const res = await fetch(`${a.url}/api/boards/${BOARD}/surveys/${survey.id}/vote`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...as(freshIp()) },
    body: JSON.stringify({ option_ids: [rand.pick(survey.options)] }),
  })
  expect([200, 201, 400, 409], await res.text()).toContain(res.status)
}

async function step(n: number) {
  const r = rand.next()
  if (liveThreads().length < 3 || r < 0.08) return newThread(n)
  if (r < 0.5) return reply(n)
  if (r < 0.6) return ownerDelete()
  if (r < 0.67) return staffDelete()
  if (r < 0.79) return colour()
  if (r < 0.85) return poll()
  return vote()
}

function pages(): string[] {
  const threads = [...new Set(posts.map((p) => p.threadId))]
  // The read API's thread list too: A puts it together from each thread's kept entry (lib/render/thread-json.ts).
  const pages = [`/board/${BOARD}`, `/board/${BOARD}/catalog`, `/api/boards/${BOARD}/threads`]
  return [...pages, ...threads.map((t) => `/board/${BOARD}/thread/${t}`)]
}

/** Where two pages part, with some context on each side; null when they are the same. */
function firstDifference(served: string, rendered: string) {
  if (served === rendered) return null
  let i = 0
  while (served[i] === rendered[i]) i++
  return { at: i, served: served.slice(i - 150, i + 150), rendered: rendered.slice(i - 150, i + 150) }
}

let fresh = 0
/** The page from A, through its cache (brotli, as a browser asks), and a render of it made for this request on B. */
async function both(pagePath: string) {
  const served = await fetch(`${a.url}${pagePath}`, { headers: { 'Accept-Encoding': 'br' } })
  return {
    served: { status: served.status, cache: served.headers.get('x-corkboard-cache'), body: await served.text() },
    rendered: await getWithHost(`${b.url}${pagePath}`, `render-${fresh++}.test`),
  }
}

it(`serves, after each batch of a ${STEPS}-step random sequence of writes, the pages a full render gives`, async () => {
  let hits = 0
  for (let n = 1; n <= STEPS; n++) {
    await step(n)
    if (n % BATCH) continue
    for (const pagePath of pages()) {
      const { served, rendered } = await both(pagePath)
      const where = `${pagePath} after step ${n} (seed ${SEED})`
      expect(rendered.status, where).toBe(served.status)
      if (served.status !== 200) continue
      // B rendered for this request: its own Host never had an entry.
      expect(rendered.cache, where).toBe('MISS')
      if (served.cache === 'HIT') hits++
      expect(firstDifference(served.body, rendered.body), where).toBeNull()
      // Kept again on A, so the next batch's writes must drop it.
      expect((await fetch(`${a.url}${pagePath}`)).headers.get('x-corkboard-cache'), where).toBe('HIT')
    }
  }
  // Pages untouched by a batch were answered from the cache: the comparison covered kept pages, not only renders.
  expect(hits).toBeGreaterThan(0)
  // Thread pages after replies were put together from their previous render's shell (lib/page-cache/splice.ts),
  // so the comparison covered those too.
  expect(await splicedRenders(a.url, METRICS_TOKEN)).toBeGreaterThan(5)
  expect(surveys.length).toBeGreaterThan(0)
}, 600_000)

it('a kept page whose post links to a post of another thread follows that post’s deletion', async () => {
  const replyTo = async (threadId: number, content: string) => {
    const res = await postForm(
      `${a.url}/api/boards/${BOARD}/threads/${threadId}/posts`,
      form({ content }),
      as(freshIp()),
    )
    expect(res.status).toBe(201)
    return res.body.postId as number
  }
  await newThread(1000)
  const there = posts.at(-1)!.threadId
  const target = await replyTo(there, 'the post linked to')
  await newThread(1001)
  const here = posts.at(-1)!.threadId
  await replyTo(here, `about >>${target} over there`)
  const page = `/board/${BOARD}/thread/${here}`
  await fetch(`${a.url}${page}`)
  expect((await fetch(`${a.url}${page}`)).headers.get('x-corkboard-cache')).toBe('HIT')
  const del = await staff.write('DELETE', `/api/admin/posts/${target}`, {
    boardId: BOARD,
    threadId: there,
    reason: 'gone',
  })
  expect(del.status).toBe(200)
  const { served, rendered } = await both(page)
  expect(firstDifference(served.body, rendered.body)).toBeNull()
})
