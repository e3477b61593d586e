// The 4chan-compatible read API (/api/4chan/) against the real server: every file matches the JSON Schema kept for
// 4chan's format, a walk from boards.json reaches every thread, file and thumbnail without a broken link, numbers
// and quote links agree, Last-Modified/If-Modified-Since polling, the page cache, CORS and hostile paths.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getFile, md5Base64, walkAll } from '../helpers/fourchan'
import { as, form, postForm } from '../helpers/http'
import { gif, jpegWithGps, png } from '../helpers/media'
import { rawRequest } from '../helpers/raw-http'
import { startServer, roomyRateLimits, type TestServer } from '../helpers/server'
import { sql } from '../helpers/sql'
import { loggedInAdmin } from '../helpers/staff'

let server: TestServer
const created = { a: { threadId: 0, op: 0, image: 0, text: 0 }, b: { threadId: 0, op: 0, reply: 0 }, dead: 0 }

async function newThread(board: string, topic: string, content: string, file: { name: string; bytes: Buffer }) {
  const res = await postForm(`${server.url}/api/boards/${board}/threads`, form({ topic, content }, file))
  expect(res.status).toBe(201)
  return { threadId: res.body.threadId as number, op: res.body.postId as number }
}

async function reply(board: string, threadId: number, content: string, file?: { name: string; bytes: Buffer }) {
  const res = await postForm(`${server.url}/api/boards/${board}/threads/${threadId}/posts`, form({ content }, file))
  expect(res.status).toBe(201)
  return res.body.postId as number
}

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMITS: roomyRateLimits(), TRUST_PROXY_HOPS: '1' } })
  const a = await newThread('tech', 'Fourchan & "friends"', 'Opening post', {
    name: 'wall.png',
    bytes: await png(600, 300),
  })
  const image = await reply('tech', a.threadId, `>>${a.op}\n>green words\n[spoiler]hidden[/spoiler]`, {
    name: 'cat.gif',
    bytes: await gif(30, 30),
  })
  const text = await reply('tech', a.threadId, `>>${image} and >>2147483000 <b>not bold</b>`)
  created.a = { ...a, image, text }
  const b = await newThread('tech', 'Second', `see >>${image}`, { name: 'photo.jpg', bytes: await jpegWithGps(80, 40) })
  created.b = { ...b, reply: await reply('tech', b.threadId, 'plain reply') }
  // A thread already pushed off its board (before any file was read, so no cached file predates it).
  const dead = await newThread('diy', 'Gone', 'archived soon', { name: 'd.png', bytes: await png(20, 20) })
  await sql(
    server.database,
    'UPDATE threads SET is_dead = ?, died_at = ? WHERE id = ?',
    true,
    new Date(),
    dead.threadId,
  )
  created.dead = dead.op
})
afterAll(() => server?.stop())

it('serves every file in the format of its schema, and a walk from boards.json finds no broken link', async () => {
  const walked = await walkAll(server.url)
  expect(walked.threads).toBeGreaterThanOrEqual(3)
  expect(walked.files).toBeGreaterThanOrEqual(4)
})

it('lists the boards with their settings and limits', async () => {
  const { boards } = await getFile(server.url, 'boards.json', 'boards')
  expect(boards.find((b: { board: string }) => b.board === 'tech')).toMatchObject({
    title: 'Technology',
    per_page: 15,
    pages: 7,
    max_filesize: 4 * 1024 * 1024,
    bump_limit: 300,
  })
})

describe('numbers and comments', () => {
  it('numbers a thread by its opening post, its replies by their post ids, and its files by their posts', async () => {
    const { posts } = await getFile(server.url, `tech/thread/${created.a.op}.json`, 'thread')
    expect(posts.map((p: { no: number }) => p.no)).toEqual([created.a.op, created.a.image, created.a.text])
    expect(posts[0]).toMatchObject({
      resto: 0,
      sub: 'Fourchan &amp; &quot;friends&quot;',
      replies: 2,
      images: 1,
      filename: 'wall',
      ext: '.png',
      w: 600,
      h: 300,
      tn_w: 150,
      tn_h: 75,
      tim: created.a.op,
      name: 'Anonymous',
    })
    expect(posts[1]).toMatchObject({ resto: created.a.op, ext: '.gif', filename: 'cat', tim: created.a.image })
  })

  it('writes quotes as quote links into the file, green text as quote spans, spoilers as <s>, and escapes text', async () => {
    const { posts } = await getFile(server.url, `tech/thread/${created.a.op}.json`, 'thread')
    const { op, image } = created.a
    expect(posts[1].com).toBe(
      `<a href="#p${op}" class="quotelink">&gt;&gt;${op}</a><br>` +
        '<span class="quote">&gt;green words</span><br><s>hidden</s>',
    )
    expect(posts[2].com).toBe(
      `<a href="#p${image}" class="quotelink">&gt;&gt;${image}</a> and ` +
        '<span class="deadlink">&gt;&gt;2147483000</span> &lt;b&gt;not bold&lt;/b&gt;',
    )
    const other = await getFile(server.url, `tech/thread/${created.b.op}.json`, 'thread')
    expect(other.posts[0].com).toBe(`see <a href="/tech/thread/${op}#p${image}" class="quotelink">&gt;&gt;${image}</a>`)
  })

  it('shows the newest replies with the opening post in the catalog and index pages, and counts the rest', async () => {
    const catalog = await getFile(server.url, 'tech/catalog.json', 'catalog')
    const a = catalog[0].threads.find((t: { no: number }) => t.no === created.a.op)
    expect(a.last_replies.map((p: { no: number }) => p.no)).toEqual([created.a.image, created.a.text])
    expect(a).toMatchObject({ omitted_posts: 0, omitted_images: 0, replies: 2, images: 1 })
    // The board order: the last bumped first.
    expect(catalog[0].threads.map((t: { no: number }) => t.no).slice(0, 2)).toEqual([created.b.op, created.a.op])
  })

  it('lists archived threads by number and marks their file archived and closed', async () => {
    expect(await getFile(server.url, 'diy/archive.json', 'archive')).toEqual([created.dead])
    const { posts } = await getFile(server.url, `diy/thread/${created.dead}.json`, 'thread')
    expect(posts[0]).toMatchObject({ closed: 1, archived: 1 })
    const catalog = await getFile(server.url, 'diy/catalog.json', 'catalog')
    expect(catalog.flatMap((p: { threads: { no: number }[] }) => p.threads.map((t) => t.no))).not.toContain(
      created.dead,
    )
  })
})

describe('polling', () => {
  it('answers If-Modified-Since with 304 until a reply, which the next request shows', async () => {
    const file = `${server.url}/api/4chan/tech/thread/${created.b.op}.json`
    const first = await fetch(file)
    const lastModified = first.headers.get('last-modified')!
    const again = await fetch(file, { headers: { 'If-Modified-Since': lastModified } })
    expect(again.status).toBe(304)
    expect(again.headers.get('last-modified')).toBe(lastModified)
    const catalog = await fetch(`${server.url}/api/4chan/tech/catalog.json`)
    const catalogModified = catalog.headers.get('last-modified')!
    expect(
      (await fetch(`${server.url}/api/4chan/tech/catalog.json`, { headers: { 'If-Modified-Since': catalogModified } }))
        .status,
    ).toBe(304)

    const added = await reply('tech', created.b.threadId, 'a new reply')
    const after = await fetch(file, { headers: { 'If-Modified-Since': lastModified } })
    expect(after.status).toBe(200)
    expect(Date.parse(after.headers.get('last-modified')!)).toBeGreaterThan(Date.parse(lastModified))
    expect((await after.json()).posts.map((p: { no: number }) => p.no)).toContain(added)
    const newCatalog = await fetch(`${server.url}/api/4chan/tech/catalog.json`, {
      headers: { 'If-Modified-Since': catalogModified },
    })
    expect(newCatalog.status).toBe(200)
  })

  it('serves repeated reads from the page cache', async () => {
    const url = `${server.url}/api/4chan/tech/threads.json`
    await fetch(url)
    const second = await fetch(url)
    expect(second.headers.get('x-corkboard-cache')).toBe('HIT')
    expect(second.headers.get('cache-control')).toBe('no-cache')
  })
})

it("computes a file's md5 once from storage for a post stored without it, and keeps it", async () => {
  await sql(server.database, 'UPDATE posts SET media_md5 = NULL WHERE id = ?', created.a.op)
  // A query string passes the page cache, so the file is built anew from the database.
  const res = await fetch(`${server.url}/api/4chan/tech/thread/${created.a.op}.json?fresh=1`)
  const op = (await res.json()).posts[0]
  const bytes = Buffer.from(await (await fetch(`${server.url}/api/4chan/tech/media/${op.tim}${op.ext}`)).arrayBuffer())
  expect(op.md5).toBe(md5Base64(bytes))
  const [row] = await sql<{ media_md5: string }>(
    server.database,
    'SELECT media_md5 FROM posts WHERE id = ?',
    created.a.op,
  )
  expect(row.media_md5).toBe(op.md5)
})

describe('refusals', () => {
  it('answers unknown boards, threads, pages and files with a JSON 404', async () => {
    for (const path of [
      'nope/catalog.json',
      'nope/thread/1.json',
      'tech/thread/2147483647.json',
      `tech/thread/${created.a.image}.json`, // a reply's number is no thread
      `diy/thread/${created.a.op}.json`, // a thread of another board
      'tech/99.json',
      `tech/media/${created.a.text}.png`, // a post without a file
      `tech/media/${created.a.op}.gif`, // the wrong extension
      `diy/media/${created.a.op}.png`,
    ]) {
      const res = await fetch(`${server.url}/api/4chan/${path}`)
      expect(res.status, path).toBe(404)
      expect((await res.json()).error, path).toMatch(/not found$/)
    }
  })

  it('answers junk paths with a 4xx, never a 5xx', async () => {
    for (const target of [
      '/api/4chan/../x',
      '/api/4chan/tech/abc.json',
      '/api/4chan/tech/0.json',
      '/api/4chan/tech/thread/99999999999999999999999.json',
      '/api/4chan/tech/thread/-1.json',
      '/api/4chan/tech/%00.json',
      '/api/4chan/tech/thread/%00.json',
      '/api/4chan/tech/media/1%00.png',
      '/api/4chan/%ff/catalog.json',
      '/api/4chan/TECH/catalog.json',
      '/api/4chan/tech/thread/1.json/x',
      '/api/4chan/tech/media/../../../etc/passwd',
      `/api/4chan/tech/catalog.json?${'a=1&'.repeat(200)}`,
    ]) {
      const res = await rawRequest(server.port, { target })
      expect(res.status, target).toBeGreaterThanOrEqual(400)
      expect(res.status, target).toBeLessThan(500)
    }
    const post = await fetch(`${server.url}/api/4chan/tech/catalog.json`, { method: 'POST' })
    expect(post.status).toBe(405)
  })
})

it('lets any origin read the files without credentials, preflight included', async () => {
  const res = await fetch(`${server.url}/api/4chan/tech/catalog.json`, {
    headers: { Origin: 'https://client.example' },
  })
  expect(res.headers.get('access-control-allow-origin')).toBe('*')
  expect(res.headers.get('access-control-allow-credentials')).toBeNull()
  const preflight = await fetch(`${server.url}/api/4chan/tech/catalog.json`, {
    method: 'OPTIONS',
    headers: {
      Origin: 'https://client.example',
      'Access-Control-Request-Method': 'GET',
      'Access-Control-Request-Headers': 'if-modified-since',
    },
  })
  expect(preflight.status).toBe(204)
  expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
  expect(preflight.headers.get('access-control-allow-headers')).toMatch(/If-Modified-Since/)
})

it('keeps a thread file cached while other threads of its board change, and drops it when its own thread does', async () => {
  const file = `${server.url}/api/4chan/tech/thread/${created.a.op}.json`
  const cache = async () => (await fetch(file)).headers.get('x-corkboard-cache')
  // Once its number is known (any earlier read taught it), the file is kept under its thread's tag.
  await reply('tech', created.b.threadId, 'elsewhere')
  await fetch(file)
  expect(await cache()).toBe('HIT')
  await reply('tech', created.b.threadId, 'elsewhere again')
  expect(await cache()).toBe('HIT')
  const added = await reply('tech', created.a.threadId, 'here')
  const res = await fetch(file)
  expect(res.headers.get('x-corkboard-cache')).not.toBe('HIT')
  expect((await res.json()).posts.map((p: { no: number }) => p.no)).toContain(added)
})

it('drops a cached thread file whose quote of a post in another thread dies with that post', async () => {
  const target = await newThread('tech', 'Quoted elsewhere', 'opening', { name: 'q.png', bytes: await png(20, 20) })
  const quoted = await reply('tech', target.threadId, 'about to be deleted')
  const quoting = await newThread('tech', 'Quoting', `see >>${quoted}`, { name: 'r.png', bytes: await png(20, 20) })
  const file = `${server.url}/api/4chan/tech/thread/${quoting.op}.json`
  // The first read teaches the process which thread the number opens; after the reply drops that copy, the file is
  // kept under its thread's tag, which a deletion in another thread does not name.
  await fetch(file)
  await reply('tech', quoting.threadId, 'a reply')
  await fetch(file)
  const cached = await fetch(file)
  expect(cached.headers.get('x-corkboard-cache')).toBe('HIT')
  expect((await cached.json()).posts[0].com).toContain(`#p${quoted}" class="quotelink"`)
  const admin = await loggedInAdmin(server, as('10.9.9.10'))
  const gone = await admin.write('DELETE', `/api/admin/posts/${quoted}`, {
    boardId: 'tech',
    threadId: target.threadId,
    reason: 'quoted elsewhere',
  })
  expect(gone.status).toBe(200)
  const after = await fetch(file)
  expect(after.headers.get('x-corkboard-cache')).not.toBe('HIT')
  expect((await after.json()).posts[0].com).toBe(`see <span class="deadlink">&gt;&gt;${quoted}</span>`)
})

it("refuses a board's files to a visitor banned on that board, and still serves everyone else", async () => {
  const admin = await loggedInAdmin(server, as('10.9.9.9'))
  const banned = '203.0.113.9'
  const ban = await admin.write('POST', '/api/admin/bans', {
    ip_address: banned,
    board_id: 'tech',
    reason: '4chan api test',
    expires_at: new Date(Date.now() + 3600_000).toISOString(),
  })
  expect(ban.status).toBe(201)
  for (const file of ['tech/catalog.json', 'tech/threads.json', 'tech/1.json', `tech/thread/${created.a.op}.json`]) {
    const refused = await fetch(`${server.url}/api/4chan/${file}`, { headers: as(banned) })
    expect([file, refused.status, (await refused.json()).error]).toEqual([file, 403, 'Banned'])
    expect((await fetch(`${server.url}/api/4chan/${file}`, { headers: as('203.0.113.10') })).status).toBe(200)
  }
  expect((await fetch(`${server.url}/api/4chan/diy/catalog.json`, { headers: as(banned) })).status).toBe(200)
  expect((await fetch(`${server.url}/api/4chan/boards.json`, { headers: as(banned) })).status).toBe(200)
})
