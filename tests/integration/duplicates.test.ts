// The duplicate-post rule through the real server: the same text on a board within DUPLICATE_TEXT_SECONDS, or the
// same file in another thread within DUPLICATE_FILE_SECONDS, answers 409 and stores nothing. Other test servers run
// with both windows at 0 (tests/helpers/server.ts); this file turns them on.
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, form, postForm, type Upload } from '../helpers/http'
import { png, pngChunk } from '../helpers/media'
import { startServer, type TestServer, roomyRateLimits } from '../helpers/server'
import { sql } from '../helpers/sql'
import { loggedInAdmin } from '../helpers/staff'

let server: TestServer
let off: TestServer
let nextIp = 1
const freshIp = () => `203.0.113.${nextIp++}`
let shade = 0
/** A picture no other test posts (each call a different colour). */
const freshPng = async (): Promise<Upload> => ({
  name: 'p.png',
  bytes: await png(32, 32, { r: shade % 256, g: Math.floor(shade++ / 256), b: 77 }),
})

beforeAll(async () => {
  const env = { TRUST_PROXY_HOPS: '1', RATE_LIMITS: roomyRateLimits() }
  ;[server, off] = await Promise.all([
    startServer({ env: { ...env, DUPLICATE_TEXT_SECONDS: '600', DUPLICATE_FILE_SECONDS: '3600' } }),
    startServer({ env: { ...env, DUPLICATE_TEXT_SECONDS: '0', DUPLICATE_FILE_SECONDS: '0' } }),
  ])
})
afterAll(async () => {
  await Promise.all([server?.stop(), off?.stop()])
})

const threadsUrl = (s: TestServer, board: string) => `${s.url}/api/boards/${board}/threads`
const postsUrl = (s: TestServer, board: string, threadId: number) =>
  `${s.url}/api/boards/${board}/threads/${threadId}/posts`

function newThread(
  s: TestServer,
  board: string,
  content: string,
  file: Upload,
  headers: Record<string, string> = as(freshIp()),
) {
  return postForm(threadsUrl(s, board), form({ topic: 'Topic', content }, file), headers)
}
function reply(
  s: TestServer,
  board: string,
  threadId: number,
  content: string,
  file?: Upload,
  headers: Record<string, string> = as(freshIp()),
) {
  return postForm(postsUrl(s, board, threadId), form({ content }, file), headers)
}
async function thread(s: TestServer, board = 'tech') {
  const res = await newThread(s, board, `opening post ${Math.random()}`, await freshPng())
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body as { threadId: number; postId: number }
}
const unique = (label: string) => `${label} ${Math.random().toString(36).slice(2)}`
const count = async (s: TestServer, where: string, ...args: unknown[]) =>
  Number((await sql<{ n: number }>(s.database, `SELECT COUNT(*) AS n FROM posts WHERE ${where}`, ...args))[0].n)
/** The stored files (a discarded upload may leave its empty prefix directory, which holds nothing). */
const mediaFiles = (s: TestServer) => {
  const dir = path.join(s.dataDir, 'media')
  return existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
        .sort()
    : []
}
const postCount = async (s: TestServer, threadId: number) =>
  (await sql<{ post_count: number }>(s.database, 'SELECT post_count FROM threads WHERE id = ?', threadId))[0].post_count

const TEXT_REFUSAL = {
  error: 'Duplicate post',
  message: 'This text was already posted on this board in the last 10 minutes. Please write something new.',
}
const FILE_REFUSAL = {
  error: 'Duplicate post',
  message: 'This file was already posted in another thread on this board in the last hour.',
}

describe('the same text on a board', () => {
  it('is refused with 409 a second time, by anyone, and the refusal stores nothing (not even its file)', async () => {
    const t = await thread(server)
    const other = await thread(server)
    const text = unique('Buy cheap watches at example.com')
    expect((await reply(server, 'tech', t.threadId, text)).status).toBe(201)
    const before = { posts: await postCount(server, t.threadId), files: mediaFiles(server) }

    const again = await reply(server, 'tech', t.threadId, text, await freshPng())
    expect(again.status).toBe(409)
    expect(again.body).toEqual(TEXT_REFUSAL)
    expect(await count(server, 'content = ?', text)).toBe(1)
    expect(await postCount(server, t.threadId)).toBe(before.posts)
    expect(mediaFiles(server)).toEqual(before.files)

    // In another thread of the board, and as a new thread: the same.
    expect((await reply(server, 'tech', other.threadId, text)).body).toEqual(TEXT_REFUSAL)
    const asThread = await newThread(server, 'tech', text, await freshPng())
    expect(asThread.status).toBe(409)
    expect(asThread.body).toEqual(TEXT_REFUSAL)
    expect(await count(server, 'content = ?', text)).toBe(1)
    expect(mediaFiles(server)).toEqual(before.files)
  })

  it('compares the text after case, whitespace and Unicode compatibility forms are normalised', async () => {
    const t = await thread(server)
    const text = unique('Hello   World\nsame post')
    expect((await reply(server, 'tech', t.threadId, text)).status).toBe(201)
    const upper = text.toUpperCase().replace('\n', '   \n\t ')
    const fullWidth = text.replace('Hello', 'Ｈｅｌｌｏ').replace('World', 'Wor\u200bld')
    for (const variant of [upper, `  ${text}  `, fullWidth]) {
      const res = await reply(server, 'tech', t.threadId, variant)
      expect(res.status, variant).toBe(409)
    }
    // A different text is a new post.
    expect((await reply(server, 'tech', t.threadId, `${text}!`)).status).toBe(201)
  })

  it('applies to the text that is stored: a thread first, then the same text as a reply', async () => {
    const text = unique('A thread body')
    const t = await newThread(server, 'tech', text, await freshPng())
    expect(t.status).toBe(201)
    expect((await reply(server, 'tech', t.body.threadId, text.toLowerCase())).body).toEqual(TEXT_REFUSAL)
  })

  it('compares the text after word filters, as it is stored', async () => {
    const admin = await loggedInAdmin(server)
    const word = `spamword${Math.random().toString(36).slice(2, 8)}`
    const rule = {
      pattern: word,
      regex: false,
      boards: ['tech'],
      where: 'content',
      action: 'replace',
      replacement: 'ham',
    }
    const created = await admin.write('POST', '/api/admin/filters', rule)
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    try {
      const t = await thread(server)
      const text = unique('I like')
      expect((await reply(server, 'tech', t.threadId, `${text} ham`)).status).toBe(201)
      // Stored as "… ham" too: the same post.
      expect((await reply(server, 'tech', t.threadId, `${text} ${word}`)).body).toEqual(TEXT_REFUSAL)
    } finally {
      await admin.write('DELETE', `/api/admin/filters/${created.body.filter.id}`)
    }
  })

  it('allows the same text on another board', async () => {
    const text = unique('Cross-posted announcement')
    const tech = await thread(server, 'tech')
    const diy = await thread(server, 'diy')
    expect((await reply(server, 'tech', tech.threadId, text)).status).toBe(201)
    expect((await reply(server, 'diy', diy.threadId, text)).status).toBe(201)
  })

  it('allows the same text again once the window has passed', async () => {
    const t = await thread(server)
    const text = unique('Ten minutes later')
    const first = await reply(server, 'tech', t.threadId, text)
    expect(first.status).toBe(201)
    expect((await reply(server, 'tech', t.threadId, text)).status).toBe(409)
    // The first post moved back to just outside the 10-minute window.
    await sql(
      server.database,
      'UPDATE posts SET created_at = ? WHERE id = ?',
      new Date(Date.now() - 601_000),
      first.body.postId,
    )
    expect((await reply(server, 'tech', t.threadId, text)).status).toBe(201)
    expect(await count(server, 'content = ?', text)).toBe(2)
  })

  it('does not count a deleted post: its text may be posted again', async () => {
    const t = await thread(server)
    const text = unique('Posted by mistake')
    const first = await reply(server, 'tech', t.threadId, text)
    expect(first.status).toBe(201)
    const cookie = first.headers.get('set-cookie')!.split(';')[0]
    const del = await fetch(postsUrl(server, 'tech', t.threadId) + `/${first.body.postId}`, {
      method: 'DELETE',
      headers: { Cookie: cookie },
    })
    expect(del.status).toBe(200)
    expect((await reply(server, 'tech', t.threadId, text)).status).toBe(201)
  })

  it('never refuses an image-only reply as a text duplicate', async () => {
    const t = await thread(server)
    expect((await reply(server, 'tech', t.threadId, '', await freshPng())).status).toBe(201)
    expect((await reply(server, 'tech', t.threadId, '   ', await freshPng())).status).toBe(201)
  })

  it('applies to short texts too', async () => {
    const t = await thread(server)
    const text = `ok ${nextIp}`
    expect((await reply(server, 'tech', t.threadId, text)).status).toBe(201)
    expect((await reply(server, 'tech', t.threadId, text)).status).toBe(409)
  })

  it('applies to logged-in staff as to anyone', async () => {
    const admin = await loggedInAdmin(server)
    const t = await thread(server)
    const text = unique('Staff announcement')
    expect((await reply(server, 'tech', t.threadId, text, undefined, { Cookie: admin.cookie })).status).toBe(201)
    const again = await reply(server, 'tech', t.threadId, text, undefined, { Cookie: admin.cookie })
    expect(again.status).toBe(409)
  })

  it('is off with DUPLICATE_TEXT_SECONDS=0', async () => {
    const t = await thread(off)
    const text = unique('Posted many times')
    for (let i = 0; i < 3; i++) expect((await reply(off, 'tech', t.threadId, text)).status).toBe(201)
    expect(await count(off, 'content = ?', text)).toBe(3)
  })
})

describe('the same file in another thread', () => {
  it('is refused with 409 as a reply in a second thread and as a new thread, and allowed again in the same thread', async () => {
    const file = await freshPng()
    const first = await thread(server)
    const second = await thread(server)
    expect((await reply(server, 'tech', first.threadId, '', file)).status).toBe(201)
    const [{ media_key: key }] = await sql<{ media_key: string }>(
      server.database,
      'SELECT media_key FROM posts WHERE thread_id = ? AND is_op = ?',
      first.threadId,
      false,
    )
    const before = await postCount(server, second.threadId)

    const elsewhere = await reply(server, 'tech', second.threadId, unique('look at this'), file)
    expect(elsewhere.status).toBe(409)
    expect(elsewhere.body).toEqual(FILE_REFUSAL)
    expect(await postCount(server, second.threadId)).toBe(before)
    const asThread = await newThread(server, 'tech', unique('new thread'), file)
    expect(asThread.body).toEqual(FILE_REFUSAL)
    expect(await count(server, 'media_key = ?', key)).toBe(1)
    // The refused posts did not take the first post's file with them.
    expect(existsSync(path.join(server.dataDir, 'media', key))).toBe(true)

    // The same thread again: allowed (the rule is about spreading one file over threads).
    expect((await reply(server, 'tech', first.threadId, unique('again'), file)).status).toBe(201)
    expect(await count(server, 'media_key = ?', key)).toBe(2)
  })

  it('counts the stored file: an upload that differs only in a metadata block is the same file', async () => {
    const file = await freshPng()
    // A text chunk before IEND: metadata the server strips before storing.
    const iend = file.bytes.length - 12
    const chunk = pngChunk('tEXt', Buffer.from('Comment\0edited copy', 'latin1'))
    const edited = {
      name: 'edited.png',
      bytes: Buffer.concat([file.bytes.subarray(0, iend), chunk, file.bytes.subarray(iend)]),
    }
    expect(edited.bytes.equals(file.bytes)).toBe(false)

    const t = await newThread(server, 'tech', unique('original'), file)
    expect(t.status).toBe(201)
    expect((await newThread(server, 'tech', unique('copy'), edited)).body).toEqual(FILE_REFUSAL)
  })

  it('allows the same file on another board, after the window, once the earlier post is deleted, and with the check off', async () => {
    const file = await freshPng()
    const t = await newThread(server, 'tech', unique('board one'), file)
    expect(t.status).toBe(201)
    expect((await newThread(server, 'diy', unique('board two'), file)).status).toBe(201)

    const other = await thread(server)
    expect((await reply(server, 'tech', other.threadId, '', file)).status).toBe(409)
    await sql(
      server.database,
      'UPDATE posts SET created_at = ? WHERE id = ?',
      new Date(Date.now() - 3601_000),
      t.body.postId,
    )
    const later = await reply(server, 'tech', other.threadId, '', file)
    expect(later.status).toBe(201)

    const cookie = later.headers.get('set-cookie')!.split(';')[0]
    const third = await thread(server)
    expect((await reply(server, 'tech', third.threadId, '', file)).status).toBe(409)
    const del = await fetch(postsUrl(server, 'tech', other.threadId) + `/${later.body.postId}`, {
      method: 'DELETE',
      headers: { Cookie: cookie },
    })
    expect(del.status).toBe(200)
    expect((await reply(server, 'tech', third.threadId, '', file)).status).toBe(201)

    const a = await thread(off)
    const b = await thread(off)
    expect((await reply(off, 'tech', a.threadId, '', file)).status).toBe(201)
    expect((await reply(off, 'tech', b.threadId, '', file)).status).toBe(201)
  })
})

describe('the posting limit', () => {
  it('counts a refused duplicate, as it counts a refusal by validation', async () => {
    const strict = await startServer({
      env: {
        TRUST_PROXY_HOPS: '1',
        RATE_LIMITS: JSON.stringify({ api: { points: 1000 }, postCreate: { points: 3 } }),
        DUPLICATE_TEXT_SECONDS: '600',
      },
    })
    try {
      const ip = freshIp()
      const t = await newThread(strict, 'tech', unique('op'), await freshPng(), as(ip)) // 1 of 3
      expect(t.status).toBe(201)
      const text = unique('twice')
      expect((await reply(strict, 'tech', t.body.threadId, text, undefined, as(ip))).status).toBe(201) // 2 of 3
      expect((await reply(strict, 'tech', t.body.threadId, text, undefined, as(ip))).status).toBe(409) // 3 of 3
      expect((await reply(strict, 'tech', t.body.threadId, unique('new'), undefined, as(ip))).status).toBe(429)
    } finally {
      await strict.stop()
    }
  })
})
