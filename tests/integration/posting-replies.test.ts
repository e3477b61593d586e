// Replying to threads through the real server (tests/helpers/posting.ts): bumps, sage and the bump limit, the
// documented errors, archived threads, and bans (by address, by board and globally, IPv6 by its /64).
import { beforeAll, describe, expect, it } from 'vitest'
import { as, form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { freshIp, newThread, postsUrl, threadsUrl, withPostingServer } from '../helpers/posting'
import { sql } from '../helpers/sql'
import { loggedInAdmin, type StaffClient } from '../helpers/staff'

const server = withPostingServer()

describe('POST /api/boards/{boardId}/threads/{threadId}/posts', () => {
  it('replies with text, bumps the thread and counts the post', async () => {
    const { threadId } = await newThread()
    const before = (await (await fetch(`${server().url}/api/boards/tech/threads/${threadId}`)).json()).thread
    const res = await postForm(postsUrl(threadId), form({ content: '>>1 agreed', dont_bump: 'false' }), as(freshIp()))
    expect(res.status).toBe(201)
    expect(res.body).toEqual({
      message: 'Post created successfully',
      postId: expect.any(Number),
      threadId,
      boardId: 'tech',
    })
    const after = (await (await fetch(`${server().url}/api/boards/tech/threads/${threadId}`)).json()).thread
    expect(after.post_count).toBe(2)
    expect(new Date(after.updated_at).getTime()).toBeGreaterThan(new Date(before.updated_at).getTime())
  })

  it('does not bump with sage', async () => {
    const { threadId } = await newThread()
    const before = (await (await fetch(`${server().url}/api/boards/tech/threads/${threadId}`)).json()).thread
    await postForm(postsUrl(threadId), form({ content: 'sage', dont_bump: 'true' }), as(freshIp()))
    const after = (await (await fetch(`${server().url}/api/boards/tech/threads/${threadId}`)).json()).thread
    expect(after.post_count).toBe(2)
    expect(after.updated_at).toBe(before.updated_at)
  })

  it('bumps up to the bump limit and forces sage after it', async () => {
    const { threadId } = await newThread()
    await sql(server().database, 'UPDATE threads SET post_count = 299 WHERE id = ?', threadId)
    const last = await postForm(postsUrl(threadId), form({ content: 'the 300th' }), as(freshIp()))
    const t300 = (await (await fetch(`${server().url}/api/boards/tech/threads/${threadId}`)).json()).thread
    expect(t300.post_count).toBe(300)
    const posts = (await (await fetch(postsUrl(threadId))).json()).posts
    expect(posts.find((p: { id: number }) => p.id === last.body.postId).dont_bump).toBe(false)
    expect(t300.updated_at).toBe(posts.find((p: { id: number }) => p.id === last.body.postId).created_at)

    const over = await postForm(
      postsUrl(threadId),
      form({ content: 'past the limit', dont_bump: 'false' }),
      as(freshIp()),
    )
    const t301 = (await (await fetch(`${server().url}/api/boards/tech/threads/${threadId}`)).json()).thread
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
    const thread = (await (await fetch(`${server().url}/api/boards/tech/threads/${threadId}`)).json()).thread
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
      `${server().url}/api/boards/tech/threads/01/posts`,
      form({ content: 'x' }),
      as(freshIp()),
    )
    expect([badId.status, badId.body]).toEqual([404, { error: 'Thread not found' }])
  })

  it('refuses replies to an archived thread', async () => {
    const { threadId } = await newThread()
    await sql(server().database, 'UPDATE threads SET is_dead = ?, died_at = ? WHERE id = ?', true, new Date(), threadId)
    const res = await postForm(postsUrl(threadId), form({ content: 'hello?' }), as(freshIp()))
    expect(res.status).toBe(409)
    expect(res.body).toEqual({ error: 'This thread has been archived and no longer accepts new posts' })
    const thread = (await (await fetch(`${server().url}/api/boards/tech/threads/${threadId}`)).json()).thread
    expect(thread.is_dead).toBe(true)
    expect(new Date(thread.deletes_at).getTime() - new Date(thread.died_at).getTime()).toBe(48 * 3600_000)
  })
})

describe('bans on posting', () => {
  let admin: StaffClient
  beforeAll(async () => {
    admin = await loggedInAdmin(server())
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
