// Creating threads through the real server (tests/helpers/posting.ts): the documented bodies, the board listing,
// poster ids and flags, the check order of a new thread's fields, and the thread cap.
import { io as connect } from 'socket.io-client'
import { describe, expect, it } from 'vitest'
import { as, form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { freshIp, newThread, postsUrl, threadsUrl, withPostingServer } from '../helpers/posting'
import { insertFillerThreads, sql } from '../helpers/sql'

const server = withPostingServer()

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

describe('thread cap', () => {
  it('kills the least recently bumped thread when a board passes 100 live threads; it stays readable and read-only', async () => {
    const board = 'fitness'
    const old = new Date(Date.now() - 3600_000)
    await insertFillerThreads(server().database, board, 100, old)
    await sql(
      server().database,
      `INSERT INTO threads (board_id, topic, created_at, updated_at, post_count, is_sticky, is_dead)
      VALUES (?, 'pinned', ?, ?, 1, ?, ?)`,
      board,
      old,
      new Date(old.getTime() - 1000),
      true,
      false,
    )
    const [oldest] = await sql<{ id: number }>(
      server().database,
      `SELECT id FROM threads WHERE board_id = ? AND topic = 'filler 0'`,
      board,
    )
    // Fillers were inserted directly; give the oldest an opening post so it can be read after it dies.
    await sql(
      server().database,
      `INSERT INTO posts (thread_id, board_id, content, created_at, is_op, dont_bump, color, ip_address, owner_key_hash)
      VALUES (?, ?, 'the oldest', ?, ?, ?, 'black', '203.0.113.250', 'x')`,
      oldest.id,
      board,
      old,
      true,
      false,
    )
    const socket = connect(server().url, { transports: ['websocket'], forceNew: true, reconnection: false })
    await new Promise((resolve) => socket.emit('join_board', board, resolve))
    const died = new Promise((resolve) => socket.once('thread_died', resolve))
    await newThread(freshIp(), board)
    expect(await died).toEqual({ threadId: Number(oldest.id), boardId: board, diedAt: expect.stringMatching(/Z$/) })
    socket.close()
    const [row] = await sql<{ is_dead: unknown; died_at: unknown }>(
      server().database,
      'SELECT is_dead, died_at FROM threads WHERE id = ?',
      oldest.id,
    )
    expect(Boolean(row.is_dead)).toBe(true)
    expect(row.died_at).not.toBeNull()
    const [{ n }] = await sql<{ n: number }>(
      server().database,
      'SELECT count(*) AS n FROM threads WHERE board_id = ? AND is_dead = ? AND is_sticky = ?',
      board,
      false,
      false,
    )
    expect(Number(n)).toBe(100)
    const [pinned] = await sql<{ is_dead: unknown }>(
      server().database,
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
