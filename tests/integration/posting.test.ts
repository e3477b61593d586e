// Creating threads and replies through the real server: the documented bodies, check order, media pipeline,
// bump rule and thread cap. The server trusts one proxy hop so each test can post from its own address.
import { readdirSync, existsSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { io as connect } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, form, postForm } from '../helpers/http'
import { gif, jpegWithGps, mp3, mp4, noisy, png, pngBomb, webm } from '../helpers/media'
import { startServer, type TestServer, roomyRateLimits } from '../helpers/server'
import { sql } from '../helpers/sql'
import { loggedInAdmin, type StaffClient } from '../helpers/staff'

let server: TestServer
let nextIp = 1
const freshIp = () => `203.0.113.${nextIp++}`

beforeAll(async () => {
  server = await startServer({
    env: {
      TRUST_PROXY_HOPS: '1',
      PROXY_CIDRS: '198.51.100.0/24',
      RATE_LIMITS: roomyRateLimits(),
    },
  })
})
afterAll(async () => {
  await server?.stop()
})

const threadsUrl = (board = 'tech') => `${server.url}/api/boards/${board}/threads`
const postsUrl = (threadId: number, board = 'tech') => `${server.url}/api/boards/${board}/threads/${threadId}/posts`

async function newThread(ip = freshIp(), board = 'tech', fields: Record<string, string> = {}) {
  const res = await postForm(
    threadsUrl(board),
    form({ topic: 'Hello', content: 'First post', ...fields }, { name: 'a.png', bytes: await png() }),
    as(ip),
  )
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body as { threadId: number; postId: number; boardId: string }
}

const mediaFiles = () => {
  const dir = path.join(server.dataDir, 'media')
  return existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
    : []
}

describe('POST /api/boards/{boardId}/threads', () => {
  it('creates a thread with its opening post and sets the poster cookie once', async () => {
    const ip = freshIp()
    const res = await postForm(
      threadsUrl(),
      form({ topic: '  Favourite editors  ', content: 'Vim\r\nor Emacs?' }, { name: 'x.png', bytes: await png() }),
      as(ip),
    )
    expect(res.status).toBe(201)
    expect(res.body).toEqual({
      message: 'Thread created successfully',
      threadId: expect.any(Number),
      boardId: 'tech',
      postId: expect.any(Number),
    })
    const cookie = res.headers.get('set-cookie')!
    expect(cookie).toMatch(/^cb_poster=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax/)

    const again = await postForm(
      threadsUrl(),
      form({ topic: 'T', content: 'C' }, { name: 'x.png', bytes: await png() }),
      as(ip, { Cookie: cookie.split(';')[0] }),
    )
    expect(again.status).toBe(201)
    expect(again.headers.get('set-cookie')).toBeNull()

    const { posts, thread } = await (await fetch(postsUrl(res.body.threadId))).json()
    expect(thread).toMatchObject({
      id: res.body.threadId,
      board_id: 'tech',
      topic: 'Favourite editors',
      post_count: 1,
      is_sticky: false,
      is_dead: false,
      died_at: null,
      deletes_at: null,
    })
    expect(thread.updated_at).toBe(thread.created_at)
    expect(posts).toHaveLength(1)
    expect(posts[0]).toEqual({
      id: res.body.postId,
      thread_id: res.body.threadId,
      board_id: 'tech',
      content: 'Vim\nor Emacs?',
      created_at: thread.created_at,
      image_url: expect.stringMatching(/^\/media\/[0-9a-f]{2}\/[0-9a-f]{64}\.png$/),
      thumbnail_url: expect.stringMatching(/-thumb\.webp$/),
      file_type: 'image',
      file_info: { name: 'x.png', size: expect.any(Number), width: 40, height: 30, duration: null },
      spoiler: false,
      color: 'black',
      thread_user_id: null,
      country_code: null,
      dont_bump: false,
      is_op: true,
      isBanned: false,
      banInfo: null,
      survey: null,
    })
    expect(JSON.stringify(posts)).not.toContain(ip)
  })

  it('lists live threads with the documented summary', async () => {
    const { threadId } = await newThread(freshIp(), 'diy')
    const res = await fetch(threadsUrl('diy'))
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.config).toEqual({ bumpLimit: 300, maxThreadsPerBoard: 100 })
    const summary = body.threads.find((t: { id: number }) => t.id === threadId)
    expect(summary).toMatchObject({
      topic: 'Hello',
      content: 'First post',
      file_type: 'image',
      color: 'black',
      totalReplies: 0,
      latestReplies: [],
    })
    expect(summary.op.id).toBeGreaterThan(0)
  })

  it('gives per-thread poster ids and local flags on boards that enable them', async () => {
    const ip = freshIp()
    const a = await newThread(ip, 'science')
    const b = await newThread(ip, 'science')
    const reply = await postForm(postsUrl(a.threadId, 'science'), form({ content: 'me again' }), as(ip))
    const other = await postForm(postsUrl(a.threadId, 'science'), form({ content: 'someone else' }), as(freshIp()))
    const postsA = (await (await fetch(postsUrl(a.threadId, 'science'))).json()).posts
    const postsB = (await (await fetch(postsUrl(b.threadId, 'science'))).json()).posts
    expect(postsA[0].thread_user_id).toMatch(/^[0-9a-f]{8}$/)
    expect(postsA.find((p: { id: number }) => p.id === reply.body.postId).thread_user_id).toBe(postsA[0].thread_user_id)
    expect(postsA.find((p: { id: number }) => p.id === other.body.postId).thread_user_id).not.toBe(
      postsA[0].thread_user_id,
    )
    expect(postsB[0].thread_user_id).not.toBe(postsA[0].thread_user_id)
    // 203.0.113.0/24 is not a local range; without a GeoIP entry the country is unknown.
    expect(postsA[0].country_code).toBeNull()
    const local = await postForm(postsUrl(a.threadId, 'science'), form({ content: 'from the LAN' }), as('192.168.1.20'))
    const localPost = (await (await fetch(`${postsUrl(a.threadId, 'science')}?after=${local.body.postId - 1}`)).json())
      .posts[0]
    expect(localPost.country_code).toBe('LO')
    // The offline GeoLite2 database places these addresses; configured proxy ranges read CF.
    const codes: Record<string, string> = {
      '81.2.69.142': 'GB',
      '8.8.8.8': 'US',
      '2a02:2e0:3fe:1001:7777:772e:2:85': 'DE',
      '198.51.100.9': 'CF',
    }
    for (const [ip, code] of Object.entries(codes)) {
      const r = await postForm(postsUrl(a.threadId, 'science'), form({ content: `from ${code}` }), as(ip))
      const p = (await (await fetch(`${postsUrl(a.threadId, 'science')}?after=${r.body.postId - 1}`)).json()).posts[0]
      expect(p.country_code, ip).toBe(code)
    }
    // Boards without flags store none.
    const tech = await postForm(
      threadsUrl('tech'),
      form({ topic: 't', content: 'c' }, { name: 'a.png', bytes: await png() }),
      as('81.2.69.142'),
    )
    expect((await (await fetch(postsUrl(tech.body.threadId))).json()).posts[0].country_code).toBeNull()
  })

  it('reports every missing field', async () => {
    const res = await postForm(threadsUrl(), form({ topic: '   ', content: '' }), as(freshIp()))
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      error: 'Validation failed',
      details: [
        { field: 'topic', message: 'Topic is required' },
        { field: 'content', message: 'Content is required' },
        { field: 'image', message: 'Image or video is required' },
      ],
    })
  })

  it('counts lengths in code points after trimming', async () => {
    const file = { name: 'a.png', bytes: await png() }
    const topicOk = await postForm(threadsUrl(), form({ topic: '😀'.repeat(100), content: 'x' }, file), as(freshIp()))
    expect(topicOk.status).toBe(201)
    const topicLong = await postForm(threadsUrl(), form({ topic: 'x'.repeat(101), content: 'x' }, file), as(freshIp()))
    expect(topicLong.body).toEqual({
      error: 'Validation failed',
      details: [{ field: 'topic', message: 'Topic must be 100 characters or less' }],
    })
    const contentLong = await postForm(
      threadsUrl(),
      form({ topic: 't', content: 'y'.repeat(2001) }, file),
      as(freshIp()),
    )
    expect(contentLong.status).toBe(400)
    expect(contentLong.body).toEqual({
      error: 'Content too long',
      details: [{ field: 'content', message: 'Content must be 2000 characters or less' }],
    })
  })

  it('refuses a file over 4 MiB early and writes nothing', async () => {
    const before = mediaFiles().length
    const [{ n: threadsBefore }] = await sql<{ n: number }>(server.database, 'SELECT count(*) AS n FROM threads')
    const big = Buffer.concat([await png(), Buffer.alloc(4 * 1024 * 1024 + 1 - (await png()).length)])
    expect(big.length).toBe(4 * 1024 * 1024 + 1)
    const res = await postForm(
      threadsUrl(),
      form({ topic: 't', content: 'c' }, { name: 'big.png', bytes: big }),
      as(freshIp()),
    )
    expect(res.status).toBe(413)
    expect(res.body).toEqual({ error: 'File too large', message: 'Files must be 4 MiB or smaller.', maxBytes: 4194304 })
    expect(mediaFiles().length).toBe(before)
    const [{ n: threadsAfter }] = await sql<{ n: number }>(server.database, 'SELECT count(*) AS n FROM threads')
    expect(Number(threadsAfter)).toBe(Number(threadsBefore))
  })

  it.each([
    ['text pretending to be an image', 'notes.png', () => Buffer.from('just some text, no image here')],
    ['a PNG named as a video', 'clip.mp4', () => png()],
    ['a decompression bomb', 'bomb.png', async () => pngBomb()],
    ['a truncated PNG', 'cut.png', async () => (await png(200, 200)).subarray(0, 60)],
  ])('answers 415 for %s and stores nothing', async (_label, name, make) => {
    const before = mediaFiles().length
    const res = await postForm(
      threadsUrl(),
      form({ topic: 't', content: 'c' }, { name, bytes: await make() }),
      as(freshIp()),
    )
    expect(res.status).toBe(415)
    expect(res.body).toEqual({
      error: 'Invalid file type',
      message: 'Only PNG, JPG, WebP, GIF, MP4, WebM and MP3 files are allowed.',
    })
    expect(mediaFiles().length).toBe(before)
  })

  it('refuses an unexpected file field', async () => {
    const res = await postForm(
      threadsUrl(),
      form({ topic: 't', content: 'c' }, { name: 'a.png', bytes: await png() }, 'avatar'),
      as(freshIp()),
    )
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      error: 'Validation failed',
      details: [{ field: 'avatar', message: 'Unexpected file field' }],
    })
  })

  it('answers 404 for unknown boards before anything else', async () => {
    const res = await postForm(threadsUrl('nope'), form({}), as(freshIp()))
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ error: 'Board not found' })
  })
})

describe('media pipeline', () => {
  it('strips EXIF and GPS, applies the orientation and makes a 150 px thumbnail', async () => {
    const upload = await jpegWithGps(400, 200)
    expect((await sharp(upload).metadata()).exif?.includes('SecretCam')).toBe(true)
    const { threadId } = await (
      await postForm(
        threadsUrl(),
        form({ topic: 'exif', content: 'gps' }, { name: 'photo.jpeg', bytes: upload }),
        as(freshIp()),
      )
    ).body
    const [op] = (await (await fetch(postsUrl(threadId))).json()).posts
    const stored = Buffer.from(await (await fetch(server.url + op.image_url)).arrayBuffer())
    const meta = await sharp(stored).metadata()
    expect(meta.format).toBe('jpeg')
    expect(meta.exif).toBeUndefined()
    expect(meta.xmp).toBeUndefined()
    expect(stored.includes('SecretCam')).toBe(false)
    expect([meta.width, meta.height]).toEqual([200, 400]) // orientation 6 applied
    const thumb = await sharp(Buffer.from(await (await fetch(server.url + op.thumbnail_url)).arrayBuffer())).metadata()
    expect(thumb.format).toBe('webp')
    expect(Math.max(thumb.width!, thumb.height!)).toBe(150)
  })

  it('strips an upright photo without re-encoding it: same pixels, no EXIF, GPS or appended bytes', async () => {
    const photo = await noisy(320, 240)
      .jpeg({ quality: 80 })
      .withExif({ IFD0: { Make: 'SecretCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' } })
      .toBuffer()
    const upload = Buffer.concat([photo, Buffer.from('PK\x03\x04 appended archive')])
    const { threadId } = await (
      await postForm(
        threadsUrl(),
        form({ topic: 'photo', content: 'upright' }, { name: 'photo.jpg', bytes: upload }),
        as(freshIp()),
      )
    ).body
    const [op] = (await (await fetch(postsUrl(threadId))).json()).posts
    const stored = Buffer.from(await (await fetch(server.url + op.image_url)).arrayBuffer())
    expect(stored.includes('SecretCam')).toBe(false)
    expect(stored.includes('appended archive')).toBe(false)
    expect((await sharp(stored).metadata()).exif).toBeUndefined()
    const [a, b] = await Promise.all([sharp(stored).raw().toBuffer(), sharp(photo).raw().toBuffer()])
    expect(a.equals(b)).toBe(true)
  })

  it('stores an identical file once', async () => {
    const bytes = await png(33, 33, { r: 1, g: 2, b: 3 })
    const one = await postForm(
      threadsUrl(),
      form({ topic: 'a', content: 'a' }, { name: 'a.png', bytes }),
      as(freshIp()),
    )
    const before = mediaFiles().length
    const two = await postForm(
      threadsUrl(),
      form({ topic: 'b', content: 'b' }, { name: 'b.png', bytes }),
      as(freshIp()),
    )
    expect(mediaFiles().length).toBe(before)
    const url = async (t: number) => (await (await fetch(postsUrl(t))).json()).posts[0].image_url
    expect(await url(one.body.threadId)).toBe(await url(two.body.threadId))
  })

  it.each([
    ['GIF', 'anim.gif', gif, 'image', /\.gif$/, /-thumb\.webp$/],
    ['MP4', 'clip.mp4', async () => mp4(), 'video', /\.mp4$/, /-thumb\.webp$/],
    ['WebM', 'clip.webm', async () => webm(), 'video', /\.webm$/, /-thumb\.webp$/],
    ['MP3', 'song.mp3', async () => mp3(), 'audio', /\.mp3$/, /^\/placeholders\/audio\.svg$/],
  ])('accepts %s', async (_label, name, make, fileType, urlPattern, thumbPattern) => {
    const res = await postForm(
      threadsUrl(),
      form(
        { topic: 'media', content: String(name) },
        { name: String(name), bytes: await (make as () => Promise<Buffer>)() },
      ),
      as(freshIp()),
    )
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const [op] = (await (await fetch(postsUrl(res.body.threadId))).json()).posts
    expect(op.file_type).toBe(fileType)
    expect(op.image_url).toMatch(urlPattern as RegExp)
    expect(op.thumbnail_url).toMatch(thumbPattern as RegExp)
    const served = await fetch(server.url + op.image_url)
    expect(served.status).toBe(200)
  })
})

describe('POST /api/boards/{boardId}/threads/{threadId}/posts', () => {
  it('replies with text, bumps the thread and counts the post', async () => {
    const { threadId } = await newThread()
    const before = (await (await fetch(`${server.url}/api/boards/tech/threads/${threadId}`)).json()).thread
    const res = await postForm(postsUrl(threadId), form({ content: '>>1 agreed', dont_bump: 'false' }), as(freshIp()))
    expect(res.status).toBe(201)
    expect(res.body).toEqual({
      message: 'Post created successfully',
      postId: expect.any(Number),
      threadId,
      boardId: 'tech',
    })
    const after = (await (await fetch(`${server.url}/api/boards/tech/threads/${threadId}`)).json()).thread
    expect(after.post_count).toBe(2)
    expect(new Date(after.updated_at).getTime()).toBeGreaterThan(new Date(before.updated_at).getTime())
  })

  it('does not bump with sage', async () => {
    const { threadId } = await newThread()
    const before = (await (await fetch(`${server.url}/api/boards/tech/threads/${threadId}`)).json()).thread
    await postForm(postsUrl(threadId), form({ content: 'sage', dont_bump: 'true' }), as(freshIp()))
    const after = (await (await fetch(`${server.url}/api/boards/tech/threads/${threadId}`)).json()).thread
    expect(after.post_count).toBe(2)
    expect(after.updated_at).toBe(before.updated_at)
  })

  it('bumps up to the bump limit and forces sage after it', async () => {
    const { threadId } = await newThread()
    await sql(server.database, 'UPDATE threads SET post_count = 299 WHERE id = ?', threadId)
    const last = await postForm(postsUrl(threadId), form({ content: 'the 300th' }), as(freshIp()))
    const t300 = (await (await fetch(`${server.url}/api/boards/tech/threads/${threadId}`)).json()).thread
    expect(t300.post_count).toBe(300)
    const posts = (await (await fetch(postsUrl(threadId))).json()).posts
    expect(posts.find((p: { id: number }) => p.id === last.body.postId).dont_bump).toBe(false)
    expect(t300.updated_at).toBe(posts.find((p: { id: number }) => p.id === last.body.postId).created_at)

    const over = await postForm(
      postsUrl(threadId),
      form({ content: 'past the limit', dont_bump: 'false' }),
      as(freshIp()),
    )
    const t301 = (await (await fetch(`${server.url}/api/boards/tech/threads/${threadId}`)).json()).thread
    expect(t301.post_count).toBe(301)
    expect(t301.updated_at).toBe(t300.updated_at)
    const overPost = (await (await fetch(`${postsUrl(threadId)}?after=${over.body.postId - 1}`)).json()).posts[0]
    expect(overPost.dont_bump).toBe(true)
  })

  it('counts every one of many concurrent replies to one thread, and bumps it to one of them', async () => {
    const { threadId } = await newThread()
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        postForm(postsUrl(threadId), form({ content: `racing ${i}` }), as(freshIp())),
      ),
    )
    expect(replies.map((r) => r.status)).toEqual(Array(20).fill(201))
    const thread = (await (await fetch(`${server.url}/api/boards/tech/threads/${threadId}`)).json()).thread
    const posts = (await (await fetch(postsUrl(threadId))).json()).posts
    expect(thread.post_count).toBe(21)
    expect(posts).toHaveLength(21)
    const times = posts.slice(1).map((p: { created_at: string }) => p.created_at)
    expect(times).toContain(thread.updated_at)
  })

  it('answers the documented errors', async () => {
    const { threadId } = await newThread()
    const none = await postForm(postsUrl(threadId), form({ content: '  \r\n ' }), as(freshIp()))
    expect(none.body).toEqual({
      error: 'No content',
      details: [{ field: 'content', message: 'Either content or an image/video is required' }],
    })
    const long = await postForm(postsUrl(threadId), form({ content: 'z'.repeat(4001) }), as(freshIp()))
    expect(long.body).toEqual({
      error: 'Content too long',
      details: [{ field: 'content', message: 'Content must be 4000 characters or less' }],
    })
    const okLong = await postForm(postsUrl(threadId), form({ content: 'z'.repeat(4000) }), as(freshIp()))
    expect(okLong.status).toBe(201)
    const missing = await postForm(postsUrl(999999), form({ content: 'x' }), as(freshIp()))
    expect([missing.status, missing.body]).toEqual([404, { error: 'Thread not found' }])
    const otherBoard = await postForm(postsUrl(threadId, 'diy'), form({ content: 'x' }), as(freshIp()))
    expect([otherBoard.status, otherBoard.body]).toEqual([404, { error: 'Thread not found' }])
    const badId = await postForm(
      `${server.url}/api/boards/tech/threads/01/posts`,
      form({ content: 'x' }),
      as(freshIp()),
    )
    expect([badId.status, badId.body]).toEqual([404, { error: 'Thread not found' }])
  })

  it('refuses replies to an archived thread', async () => {
    const { threadId } = await newThread()
    await sql(server.database, 'UPDATE threads SET is_dead = ?, died_at = ? WHERE id = ?', true, new Date(), threadId)
    const res = await postForm(postsUrl(threadId), form({ content: 'hello?' }), as(freshIp()))
    expect(res.status).toBe(409)
    expect(res.body).toEqual({ error: 'This thread has been archived and no longer accepts new posts' })
    const thread = (await (await fetch(`${server.url}/api/boards/tech/threads/${threadId}`)).json()).thread
    expect(thread.is_dead).toBe(true)
    expect(new Date(thread.deletes_at).getTime() - new Date(thread.died_at).getTime()).toBe(48 * 3600_000)
  })
})

describe('bans on posting', () => {
  let admin: StaffClient
  beforeAll(async () => {
    admin = await loggedInAdmin(server)
  })

  it('refuses a banned address with the Banned body, on its board and globally', async () => {
    const ip = freshIp()
    const { threadId } = await newThread(ip, 'food')
    const expires = new Date(Date.now() + 86_400_000)
    expect(
      (
        await admin.write('POST', '/api/admin/bans', {
          ip_address: ip,
          board_id: 'food',
          reason: 'spam',
          expires_at: expires.toISOString(),
        })
      ).status,
    ).toBe(201)
    const res = await postForm(postsUrl(threadId, 'food'), form({ content: 'still here' }), as(ip))
    expect(res.status).toBe(403)
    expect(res.body).toEqual({
      error: 'Banned',
      message: `You are banned from this board until ${expires.toISOString()}. Reason: spam`,
      ban: {
        id: expect.any(Number),
        reason: 'spam',
        expires_at: expires.toISOString(),
        appeal_status: null,
        board_id: 'food',
        post_content: null,
        post_image_url: null,
        thread_id: null,
        post_id: null,
      },
    })
    expect((await fetch(threadsUrl('food'), { headers: as(ip) })).status).toBe(403)
    // A board ban does not reach other boards.
    expect(
      (
        await postForm(
          threadsUrl('diy'),
          form({ topic: 't', content: 'c' }, { name: 'a.png', bytes: await png() }),
          as(ip),
        )
      ).status,
    ).toBe(201)
  })

  it('matches IPv6 posters by their /64', async () => {
    expect(
      (
        await admin.write('POST', '/api/admin/bans', {
          ip_address: '2001:db8:7:7::1',
          board_id: null,
          reason: 'raid',
          expires_at: null,
        })
      ).status,
    ).toBe(201)
    const res = await postForm(
      threadsUrl('movies'),
      form({ topic: 't', content: 'c' }, { name: 'a.png', bytes: await png() }),
      as('2001:db8:7:7:abcd::99'),
    )
    expect(res.status).toBe(403)
    expect(res.body.message).toBe('You are banned from this board permanently. Reason: raid')
    const neighbour = await postForm(
      threadsUrl('movies'),
      form({ topic: 't', content: 'c' }, { name: 'a.png', bytes: await png() }),
      as('2001:db8:7:8::1'),
    )
    expect(neighbour.status).toBe(201)
  })
})

describe('thread cap', () => {
  it('kills the least recently bumped thread when a board passes 100 live threads; it stays readable and read-only', async () => {
    const board = 'fitness'
    const old = new Date(Date.now() - 3600_000)
    for (let i = 0; i < 100; i++) {
      const at = new Date(old.getTime() + i * 1000)
      await sql(
        server.database,
        `INSERT INTO threads (board_id, topic, created_at, updated_at, post_count, is_sticky, is_dead)
        VALUES (?, ?, ?, ?, 1, ?, ?)`,
        board,
        `filler ${i}`,
        at,
        at,
        false,
        false,
      )
    }
    await sql(
      server.database,
      `INSERT INTO threads (board_id, topic, created_at, updated_at, post_count, is_sticky, is_dead)
      VALUES (?, 'pinned', ?, ?, 1, ?, ?)`,
      board,
      old,
      new Date(old.getTime() - 1000),
      true,
      false,
    )
    const [oldest] = await sql<{ id: number }>(
      server.database,
      `SELECT id FROM threads WHERE board_id = ? AND topic = 'filler 0'`,
      board,
    )
    // Fillers were inserted directly; give the oldest an opening post so it can be read after it dies.
    await sql(
      server.database,
      `INSERT INTO posts (thread_id, board_id, content, created_at, is_op, dont_bump, color, ip_address, owner_key_hash)
      VALUES (?, ?, 'the oldest', ?, ?, ?, 'black', '203.0.113.250', 'x')`,
      oldest.id,
      board,
      old,
      true,
      false,
    )
    const socket = connect(server.url, { transports: ['websocket'], forceNew: true, reconnection: false })
    await new Promise((resolve) => socket.emit('join_board', board, resolve))
    const died = new Promise((resolve) => socket.once('thread_died', resolve))
    await newThread(freshIp(), board)
    expect(await died).toEqual({ threadId: Number(oldest.id), boardId: board, diedAt: expect.stringMatching(/Z$/) })
    socket.close()
    const [row] = await sql<{ is_dead: unknown; died_at: unknown }>(
      server.database,
      'SELECT is_dead, died_at FROM threads WHERE id = ?',
      oldest.id,
    )
    expect(Boolean(row.is_dead)).toBe(true)
    expect(row.died_at).not.toBeNull()
    const [{ n }] = await sql<{ n: number }>(
      server.database,
      'SELECT count(*) AS n FROM threads WHERE board_id = ? AND is_dead = ? AND is_sticky = ?',
      board,
      false,
      false,
    )
    expect(Number(n)).toBe(100)
    const [pinned] = await sql<{ is_dead: unknown }>(
      server.database,
      `SELECT is_dead FROM threads WHERE board_id = ? AND topic = 'pinned'`,
      board,
    )
    expect(Boolean(pinned.is_dead)).toBe(false)

    const dead = await (await fetch(postsUrl(Number(oldest.id), board))).json()
    expect(dead.thread).toMatchObject({ id: Number(oldest.id), is_dead: true })
    expect(dead.posts[0].content).toBe('the oldest')
    const listed = (await (await fetch(threadsUrl(board))).json()).threads.map((t: { id: number }) => t.id)
    expect(listed).not.toContain(Number(oldest.id))
    const replyToDead = await postForm(postsUrl(Number(oldest.id), board), form({ content: 'too late' }), as(freshIp()))
    expect(replyToDead.status).toBe(409)
  })
})
