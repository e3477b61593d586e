// Staff moderation of posts and threads: roles, board scope, CSRF,
// reasons, the moderation log, 24-hour snapshots and live events.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { io as connect } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { startServer, type TestServer, roomyRateLimits } from '../helpers/server'
import { sql } from '../helpers/sql'
import { createStaff, StaffClient } from '../helpers/staff'

let server: TestServer
let janitor: StaffClient
let techJanitor: StaffClient
let moderator: StaffClient
let shade = 0

beforeAll(async () => {
  server = await startServer({
    env: {
      RATE_LIMITS: roomyRateLimits('staffWrite'),
    },
  })
  const login = async (username: string, role: 'janitor' | 'moderator', boards: string[] = []) => {
    const u = await createStaff(server.database, { username, role, boards })
    const c = new StaffClient(server.url)
    expect((await c.login(u.username, u.password)).status).toBe(200)
    return c
  }
  janitor = await login('jan', 'janitor')
  techJanitor = await login('techjan', 'janitor', ['tech'])
  moderator = await login('mod', 'moderator')
})
afterAll(async () => {
  await server?.stop()
})

async function thread(board = 'diy') {
  const res = await postForm(
    `${server.url}/api/boards/${board}/threads`,
    form(
      { topic: 'Moderate me', content: 'op text' },
      { name: 'a.png', bytes: await png(31, 31, { r: shade++ % 256, g: 50, b: 50 }) },
    ),
  )
  return res.body as { threadId: number; postId: number }
}
async function reply(board: string, threadId: number, withImage = false) {
  const res = await postForm(
    `${server.url}/api/boards/${board}/threads/${threadId}/posts`,
    form(
      { content: 'bad reply' },
      withImage ? { name: 'r.png', bytes: await png(32, 32, { r: 200, g: shade++ % 256, b: 1 }) } : undefined,
    ),
  )
  return res.body.postId as number
}
/** JSON columns read back as text on SQLite and as objects on PostgreSQL. */
const jsonOf = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v)
const actions = (type: string, postId?: number) =>
  sql<Record<string, unknown>>(
    server.database,
    `SELECT * FROM moderation_actions WHERE action_type = ?${postId ? ' AND post_id = ?' : ''}`,
    ...(postId ? [type, postId] : [type]),
  )

describe('staff post deletion (admin route)', () => {
  it('deletes with a reason, logs it, keeps a snapshot and the media, and tells the rooms', async () => {
    const t = await thread()
    const postId = await reply('diy', t.threadId, true)
    const [{ media_key: mediaKey }] = await sql<{ media_key: string }>(
      server.database,
      'SELECT media_key FROM posts WHERE id = ?',
      postId,
    )
    const socket = connect(server.url, { transports: ['websocket'], forceNew: true, reconnection: false })
    await new Promise((resolve) => socket.emit('join_board', 'diy', resolve))
    const event = new Promise((resolve) => socket.once('post_deleted', resolve))

    const res = await janitor.write('DELETE', `/api/admin/posts/${postId}`, {
      boardId: 'diy',
      threadId: t.threadId,
      reason: 'spam',
    })
    expect(res).toMatchObject({
      status: 200,
      body: {
        message: 'Post deleted successfully',
        ipAddress: '127.0.0.1',
        postContent: 'bad reply',
        imageUrl: expect.stringMatching(/^\/media\//),
        threadDeleted: false,
      },
    })
    expect(await event).toEqual({ postId, threadId: t.threadId, boardId: 'diy', postCount: 1 })
    socket.close()

    const [logged] = await actions('post_deleted', postId)
    expect(logged).toMatchObject({
      board_id: 'diy',
      thread_id: t.threadId,
      ip_address: '127.0.0.1',
      reason: 'spam',
      admin_username: 'jan',
    })
    expect(jsonOf(logged.details)).toEqual({ content_preview: 'bad reply', had_media: true })
    expect(existsSync(path.join(server.dataDir, 'media', mediaKey))).toBe(true)
    // The snapshot answers IP lookups for 24 hours.
    const lookup = await janitor.request('GET', `/api/admin/posts/${postId}/ip?boardId=diy&threadId=${t.threadId}`)
    expect(lookup).toMatchObject({
      status: 200,
      body: { ip_address: '127.0.0.1', post_content: 'bad reply', deleted: true },
    })
  })

  it('purges the media at once when asked', async () => {
    const t = await thread()
    const postId = await reply('diy', t.threadId, true)
    const [{ media_key: mediaKey }] = await sql<{ media_key: string }>(
      server.database,
      'SELECT media_key FROM posts WHERE id = ?',
      postId,
    )
    expect(
      (
        await janitor.write('DELETE', `/api/admin/posts/${postId}`, {
          boardId: 'diy',
          threadId: t.threadId,
          reason: 'illegal',
          purgeMedia: true,
        })
      ).status,
    ).toBe(200)
    expect(existsSync(path.join(server.dataDir, 'media', mediaKey))).toBe(false)
  })

  it('requires a session, the CSRF token, a reason and rights on the board', async () => {
    const t = await thread()
    const postId = await reply('diy', t.threadId)
    const body = { boardId: 'diy', threadId: t.threadId, reason: 'x' }
    expect(await new StaffClient(server.url).request('DELETE', `/api/admin/posts/${postId}`, body)).toMatchObject({
      status: 401,
      body: { error: 'Login required' },
    })
    expect(await janitor.request('DELETE', `/api/admin/posts/${postId}`, body)).toMatchObject({
      status: 403,
      body: { error: 'Invalid CSRF token' },
    })
    expect(await janitor.write('DELETE', `/api/admin/posts/${postId}`, { ...body, reason: '  ' })).toMatchObject({
      status: 400,
      body: { details: [{ field: 'reason', message: 'Reason is required' }] },
    })
    expect(await techJanitor.write('DELETE', `/api/admin/posts/${postId}`, body)).toMatchObject({
      status: 403,
      body: { error: 'Not authorized to moderate this board' },
    })
    expect(await janitor.write('DELETE', '/api/admin/posts/999999', body)).toMatchObject({
      status: 404,
      body: { error: 'Post not found' },
    })
  })

  it('takes the thread along with an opening post', async () => {
    const t = await thread()
    const res = await janitor.write('DELETE', `/api/admin/posts/${t.postId}`, {
      boardId: 'diy',
      threadId: t.threadId,
      reason: 'off topic',
    })
    expect(res.body.threadDeleted).toBe(true)
    expect((await fetch(`${server.url}/api/boards/diy/threads/${t.threadId}`)).status).toBe(404)
    const [logged] = await actions('thread_deleted', t.postId)
    expect(logged).toMatchObject({ thread_id: t.threadId, reason: 'off topic' })
  })
})

describe('staff deletion through the public routes', () => {
  it('lets staff delete any thread with a reason, also archived ones', async () => {
    const t = await thread()
    await sql(server.database, 'UPDATE threads SET is_dead = ?, died_at = ? WHERE id = ?', true, new Date(), t.threadId)
    const noReason = await janitor.write('DELETE', `/api/boards/diy/threads/${t.threadId}`, {})
    expect(noReason).toMatchObject({
      status: 400,
      body: {
        error: 'Validation failed',
        details: [{ field: 'reason', message: 'Please provide a reason for deletion' }],
      },
    })
    expect(await janitor.request('DELETE', `/api/boards/diy/threads/${t.threadId}`, { reason: 'old' })).toMatchObject({
      status: 403,
      body: { error: 'Invalid CSRF token' },
    })
    expect(await janitor.write('DELETE', `/api/boards/diy/threads/${t.threadId}`, { reason: 'old' })).toMatchObject({
      status: 200,
      body: { message: 'Thread deleted successfully', deletedBy: 'staff' },
    })
    const [logged] = await sql<{ details: unknown }>(
      server.database,
      "SELECT details FROM moderation_actions WHERE action_type = 'thread_deleted' AND thread_id = ?",
      t.threadId,
    )
    expect(jsonOf(logged.details)).toEqual({ topic: 'Moderate me', post_count: 1 })
  })

  it('deletes replies for staff and refuses strangers', async () => {
    const t = await thread()
    const postId = await reply('diy', t.threadId)
    expect(
      await new StaffClient(server.url).request('DELETE', `/api/boards/diy/threads/${t.threadId}/posts/${postId}`, {}),
    ).toMatchObject({ status: 403, body: { error: 'Not authorized to delete this post' } })
    expect(
      await techJanitor.write('DELETE', `/api/boards/diy/threads/${t.threadId}/posts/${postId}`, { reason: 'x' }),
    ).toMatchObject({ status: 403, body: { error: 'Not authorized to moderate this board' } })
    expect(
      await janitor.write('DELETE', `/api/boards/diy/threads/${t.threadId}/posts/${postId}`, { reason: 'spam' }),
    ).toMatchObject({ status: 200, body: { deletedBy: 'staff', threadDeleted: false } })
  })
})

describe('colour', () => {
  it('is for moderators, logged with from/to, refused in archived threads, and live', async () => {
    const t = await thread('tech')
    const body = { boardId: 'tech', threadId: t.threadId, color: 'red' }
    expect(await janitor.write('PUT', `/api/admin/posts/${t.postId}/color`, body)).toMatchObject({
      status: 403,
      body: { error: 'Moderator privileges required' },
    })
    expect(
      (await moderator.write('PUT', `/api/admin/posts/${t.postId}/color`, { ...body, color: 'pink' })).body.details[0]
        .message,
    ).toMatch(/^Invalid color/)
    const socket = connect(server.url, { transports: ['websocket'], forceNew: true, reconnection: false })
    await new Promise((resolve) => socket.emit('join_board', `tech-${t.threadId}`, resolve))
    const event = new Promise((resolve) => socket.once('post_color_changed', resolve))
    const res = await moderator.write('PUT', `/api/admin/posts/${t.postId}/color`, body)
    expect(res).toMatchObject({
      status: 200,
      body: { message: 'Post color changed successfully', post: { id: t.postId, color: 'red' } },
    })
    expect(await event).toEqual({ postId: t.postId, threadId: t.threadId, boardId: 'tech', color: 'red' })
    socket.close()
    const [logged] = await actions('color_changed', t.postId)
    expect(logged.reason).toBe('Changed color from black to red')
    await sql(server.database, 'UPDATE threads SET is_dead = ?, died_at = ? WHERE id = ?', true, new Date(), t.threadId)
    expect(
      await moderator.write('PUT', `/api/admin/posts/${t.postId}/color`, { ...body, color: 'blue' }),
    ).toMatchObject({ status: 409, body: { error: 'Cannot change colors in archived threads' } })
  })
})

describe('sticky', () => {
  it('sets and removes sticky for moderators, with the documented conflicts and events', async () => {
    const t = await thread('tech')
    const url = `/api/admin/boards/tech/threads/${t.threadId}/sticky`
    expect(await janitor.write('PUT', url)).toMatchObject({
      status: 403,
      body: { error: 'Moderator privileges required' },
    })
    const socket = connect(server.url, { transports: ['websocket'], forceNew: true, reconnection: false })
    await new Promise((resolve) => socket.emit('join_board', 'tech', resolve))
    const event = new Promise((resolve) => socket.once('thread_sticky_updated', resolve))
    expect(await moderator.write('PUT', url)).toMatchObject({
      status: 200,
      body: { message: 'Thread made sticky successfully', thread: { id: t.threadId, is_sticky: true } },
    })
    expect(await event).toEqual({ threadId: t.threadId, boardId: 'tech', isSticky: true })
    socket.close()
    expect(await moderator.write('PUT', url)).toMatchObject({
      status: 409,
      body: { error: 'Thread is already sticky' },
    })
    const listed = (await (await fetch(`${server.url}/api/boards/tech/threads`)).json()).threads
    expect(listed[0].id).toBe(t.threadId)
    expect(await moderator.write('DELETE', url)).toMatchObject({
      status: 200,
      body: { message: 'Thread sticky status removed successfully', thread: { is_sticky: false } },
    })
    expect(await moderator.write('DELETE', url)).toMatchObject({ status: 409, body: { error: 'Thread is not sticky' } })
    expect(await moderator.write('PUT', '/api/admin/boards/tech/threads/999999/sticky')).toMatchObject({
      status: 404,
      body: { error: 'Thread not found' },
    })
  })
})

describe('post IP lookup', () => {
  it('answers staff with rights on the board, needs both ids, and is audited', async () => {
    const t = await thread('tech')
    expect(
      await techJanitor.request('GET', `/api/admin/posts/${t.postId}/ip?boardId=tech&threadId=${t.threadId}`),
    ).toMatchObject({ status: 200, body: { ip_address: '127.0.0.1', post_content: 'op text', deleted: false } })
    expect((await techJanitor.request('GET', `/api/admin/posts/${t.postId}/ip?boardId=tech`)).status).toBe(400)
    const [{ n }] = await sql<{ n: number }>(
      server.database,
      'SELECT count(*) AS n FROM staff_audit_log WHERE target = ?',
      `post:${t.postId}`,
    )
    expect(Number(n)).toBe(1)
    const other = await thread('diy')
    expect(
      await techJanitor.request('GET', `/api/admin/posts/${other.postId}/ip?boardId=diy&threadId=${other.threadId}`),
    ).toMatchObject({ status: 403 })
  })
})
