// Deleting one's own posts and threads with the poster key.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { io as connect } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { startServer, type TestServer, roomyRateLimits } from '../helpers/server'
import { sql } from '../helpers/sql'

let server: TestServer
beforeAll(async () => {
  server = await startServer({
    env: {
      RATE_LIMITS: roomyRateLimits(),
    },
  })
})
afterAll(async () => {
  await server?.stop()
})

let color = 0
async function thread(cookie?: string) {
  const res = await postForm(
    `${server.url}/api/boards/tech/threads`,
    form(
      { topic: 'mine', content: 'op' },
      { name: 'a.png', bytes: await png(30, 30, { r: color++ % 256, g: 7, b: 9 }) },
    ),
    cookie ? { Cookie: cookie } : {},
  )
  expect(res.status).toBe(201)
  return {
    ...(res.body as { threadId: number; postId: number }),
    cookie: cookie ?? res.headers.get('set-cookie')!.split(';')[0],
  }
}
async function reply(threadId: number, cookie: string | undefined, file?: Buffer) {
  const res = await postForm(
    `${server.url}/api/boards/tech/threads/${threadId}/posts`,
    form({ content: 'a reply' }, file ? { name: 'r.png', bytes: file } : undefined),
    cookie ? { Cookie: cookie } : {},
  )
  expect(res.status).toBe(201)
  return { postId: res.body.postId as number, cookie: cookie ?? res.headers.get('set-cookie')!.split(';')[0] }
}
const del = (p: string, cookie?: string) =>
  fetch(`${server.url}/api/boards/tech/threads/${p}`, { method: 'DELETE', headers: cookie ? { Cookie: cookie } : {} })
const getThread = (id: number) =>
  fetch(`${server.url}/api/boards/tech/threads/${id}`).then(async (r) => ({ status: r.status, body: await r.json() }))
const mediaFile = async (postId: number) => {
  const [row] = await sql<{ media_key: string }>(server.database, 'SELECT media_key FROM posts WHERE id = ?', postId)
  return path.join(server.dataDir, 'media', row.media_key)
}

describe('own post deletion', () => {
  it('deletes the post and its media, lowers the count, keeps the bump time and tells the room', async () => {
    const t = await thread()
    const r = await reply(t.threadId, undefined, await png(44, 44, { r: 250, g: 1, b: 1 }))
    const file = await mediaFile(r.postId)
    expect(existsSync(file)).toBe(true)
    const before = (await getThread(t.threadId)).body.thread

    const socket = connect(server.url, { transports: ['websocket'], forceNew: true, reconnection: false })
    await new Promise((resolve) => socket.emit('join_board', `tech-${t.threadId}`, resolve))
    const event = new Promise((resolve) => socket.once('post_deleted', resolve))
    const res = await del(`${t.threadId}/posts/${r.postId}`, r.cookie)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ message: 'Post deleted successfully', deletedBy: 'owner', threadDeleted: false })
    expect(await event).toEqual({ postId: r.postId, threadId: t.threadId, boardId: 'tech', postCount: 1 })
    socket.close()

    const after = (await getThread(t.threadId)).body.thread
    expect(after.post_count).toBe(1)
    expect(after.updated_at).toBe(before.updated_at)
    expect(existsSync(file)).toBe(false)
  })

  it('keeps a file that another post still uses', async () => {
    const shared = await png(45, 45, { r: 3, g: 200, b: 3 })
    const t = await thread()
    const mine = await reply(t.threadId, undefined, shared)
    await reply(t.threadId, 'cb_poster=' + 'x'.repeat(43), shared)
    const file = await mediaFile(mine.postId)
    expect((await del(`${t.threadId}/posts/${mine.postId}`, mine.cookie)).status).toBe(200)
    expect(existsSync(file)).toBe(true)
  })

  it('refuses anyone else, and IP equality proves nothing', async () => {
    const t = await thread()
    const r = await reply(t.threadId, undefined)
    for (const cookie of [undefined, 'cb_poster=' + 'y'.repeat(43), t.cookie, 'cb_poster=short']) {
      const res = await del(`${t.threadId}/posts/${r.postId}`, cookie)
      expect(res.status).toBe(403)
      expect(await res.json()).toEqual({ error: 'Not authorized to delete this post' })
    }
  })

  it('answers 404s and 409 for archived threads', async () => {
    const t = await thread()
    const r = await reply(t.threadId, undefined)
    expect(await (await del(`${t.threadId}/posts/999999`, r.cookie)).json()).toEqual({ error: 'Post not found' })
    const other = await thread()
    expect(await (await del(`${other.threadId}/posts/${r.postId}`, r.cookie)).json()).toEqual({
      error: 'Post not found',
    })
    expect(await (await del(`999999/posts/${r.postId}`, r.cookie)).json()).toEqual({ error: 'Thread not found' })
    await sql(server.database, 'UPDATE threads SET is_dead = ?, died_at = ? WHERE id = ?', true, new Date(), t.threadId)
    const res = await del(`${t.threadId}/posts/${r.postId}`, r.cookie)
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({ error: 'Cannot delete posts in archived threads' })
  })

  it('deleting the opening post deletes the thread', async () => {
    const t = await thread()
    await reply(t.threadId, undefined)
    const res = await del(`${t.threadId}/posts/${t.postId}`, t.cookie)
    expect(await res.json()).toEqual({ message: 'Post deleted successfully', deletedBy: 'owner', threadDeleted: true })
    expect((await getThread(t.threadId)).status).toBe(404)
    const [{ n }] = await sql<{ n: number }>(
      server.database,
      'SELECT count(*) AS n FROM posts WHERE thread_id = ?',
      t.threadId,
    )
    expect(Number(n)).toBe(0)
  })
})

describe('own thread deletion', () => {
  it('deletes the thread for its owner only', async () => {
    const t = await thread()
    const stranger = await del(`${t.threadId}`, 'cb_poster=' + 'z'.repeat(43))
    expect(stranger.status).toBe(403)
    expect(await stranger.json()).toEqual({ error: 'Not authorized to delete this thread' })
    const res = await del(`${t.threadId}`, t.cookie)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ message: 'Thread deleted successfully', deletedBy: 'owner' })
    expect((await getThread(t.threadId)).body).toEqual({ error: 'Thread not found' })
  })

  it('refuses archived threads with 409', async () => {
    const t = await thread()
    await sql(server.database, 'UPDATE threads SET is_dead = ?, died_at = ? WHERE id = ?', true, new Date(), t.threadId)
    const res = await del(`${t.threadId}`, t.cookie)
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({ error: 'Cannot delete archived threads' })
  })
})
