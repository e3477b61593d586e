// The read API's thread list and thread posts are put together from each post's kept JSON
// (lib/render/thread-json.ts, lib/render/post-json.ts). They must stay byte for byte JSON.stringify of the objects
// the pages build from the database (lib/threads/queries.ts), the first time, once every post's JSON is kept, and
// after each kind of change: a colour, a ban mark added and lifted, a vote, a deletion, a new reply. Each change is
// written straight to the database and followed by the event the app publishes for it, which is what tells the list's
// kept thread entries (lib/render/thread-changes.ts) that their thread changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedThreads, type SeededThread } from '../helpers/content-seed'
import { useServerConfig } from '../helpers/in-process'
import { startServer, type TestServer } from '../helpers/server'

let server: TestServer
let threads: SeededThread[]

beforeAll(async () => {
  server = await startServer()
  useServerConfig(server)
  const { getDb } = await import('@/lib/db/client')
  // Media on every 3rd post, a poll on every 4th, a ban mark on every 5th; one sticky thread.
  threads = await seedThreads(
    await getDb(),
    'tech',
    [{ replies: 8 }, { replies: 0 }, { replies: 3, sticky: true }, { replies: 12 }],
    { media: 3, poll: 4, ban: 5 },
  )
}, 120_000)
afterAll(async () => {
  const { closeDb } = await import('@/lib/db/client')
  await closeDb()
  await server?.stop()
})

/** The thread list as the route sends it, and as JSON.stringify of the objects the board page builds. */
async function threadLists() {
  const { boardThreadsJson } = await import('@/lib/render/thread-json')
  const { listBoardPage } = await import('@/lib/threads/queries')
  const page = await listBoardPage('tech', 1, 1000)
  return { kept: Buffer.concat(await boardThreadsJson('tech')).toString(), built: JSON.stringify(page!.threads) }
}

/** A thread's posts both ways, with the options the posts API takes. */
async function threadPosts(threadId: number, opts: { after?: number; includeSurveys?: boolean } = {}) {
  const { threadPostsJson } = await import('@/lib/render/thread-json')
  const { listThreadPosts } = await import('@/lib/threads/queries')
  const { thread, posts } = await listThreadPosts('tech', threadId, opts)
  return { kept: await threadPostsJson('tech', threadId, opts), built: JSON.stringify({ posts, thread }) }
}

async function expectSame() {
  const lists = await threadLists()
  expect(lists.kept).toBe(lists.built)
  for (const t of threads) {
    for (const opts of [{}, { includeSurveys: false }, { after: t.postIds[1] ?? 0 }]) {
      const posts = await threadPosts(t.id, opts)
      expect(posts.kept).toBe(posts.built)
    }
  }
  return lists.kept
}

describe('the read API from kept post JSON', () => {
  it('equals a full build the first time and once every post is kept, and keeps the posts', async () => {
    const { fragmentCacheBytes } = await import('@/lib/render/fragment-cache')
    const before = fragmentCacheBytes()
    const first = await expectSame()
    expect(fragmentCacheBytes()).toBeGreaterThan(before)
    const parsed = JSON.parse(first) as { op: { survey: unknown; isBanned: boolean }; latestReplies: unknown[] }[]
    expect(parsed).toHaveLength(4)
    // The seed's polls and ban marks are in the list, so their parts are compared too.
    const posts = parsed.flatMap((t) => [t.op, ...(t.latestReplies as (typeof t.op)[])])
    expect(posts.some((p) => p.survey !== null)).toBe(true)
    expect(posts.some((p) => p.isBanned)).toBe(true)
    expect(await expectSame()).toBe(first)
  })

  it('follows a colour change, a ban mark added and lifted, a vote, a deletion and a new reply', async () => {
    const { getDb } = await import('@/lib/db/client')
    const { publish } = await import('@/lib/events/bus')
    const db = await getDb()
    await expectSame()
    const [busy] = threads
    const reply = busy.postIds.at(-1)!
    const about = { threadId: busy.id, boardId: 'tech' }
    const colored = (postId: number, color: string) =>
      publish({ name: 'post_color_changed', payload: { ...about, postId, color } })

    await db.post.update({ where: { id: reply }, data: { color: 'red' } })
    colored(reply, 'red')
    expect(await expectSame()).toContain(`"id":${reply},`)
    expect((await threadPosts(busy.id)).kept).toContain('"color":"red"')

    const op = busy.postIds[0]
    await db.post.update({ where: { id: op }, data: { color: 'blue' } })
    colored(op, 'blue')
    const withBlueOp = JSON.parse(await expectSame()) as { id: number; color: string }[]
    expect(withBlueOp.find((t) => t.id === busy.id)!.color).toBe('blue')

    const ban = await db.ban.create({
      data: { ipAddress: '203.0.113.50', ipKey: '203.0.113.50', boardId: 'tech', reason: 'spam', postId: reply },
    })
    publish({ name: 'bans_changed', payload: about })
    expect((await threadPosts(busy.id)).kept).toContain('"reason":"spam"')
    await expectSame()
    await db.ban.update({ where: { id: ban.id }, data: { isActive: false } })
    publish({ name: 'bans_changed', payload: about })
    expect((await threadPosts(busy.id)).kept).not.toContain('"reason":"spam"')
    await expectSame()

    const survey = await db.survey.findFirstOrThrow({ where: { boardId: 'tech' }, include: { options: true } })
    await db.surveyResponse.create({
      data: {
        surveyId: survey.id,
        voterHash: 'api-json-voter',
        selections: { create: [{ optionId: survey.options[0].id }] },
      },
    })
    const voted = { ...about, threadId: survey.threadId, surveyId: survey.id, postId: survey.postId }
    publish({ name: 'survey_vote', payload: { ...voted, totalResponses: 1 } })
    await expectSame()

    await db.post.delete({ where: { id: busy.postIds.at(-2)! } })
    publish({ name: 'post_deleted', payload: { ...about, postId: busy.postIds.at(-2)!, postCount: 0 } })
    const afterDelete = await expectSame()
    expect(afterDelete).not.toContain(`"id":${busy.postIds.at(-2)},`)

    const { insertPost } = await import('@/lib/posts/insert-post')
    const added = await insertPost(db, {
      threadId: busy.id,
      boardId: 'tech',
      content: 'a new reply',
      createdAt: new Date(),
      isOp: false,
      dontBump: false,
      spoiler: false,
      textHash: null,
      ipAddress: '203.0.113.51',
      ownerKeyHash: 'owner',
      threadUserId: null,
      countryCode: null,
    })
    // No event needed here: a reply changes its thread's row (the post count), which the kept entry is keyed by.
    await db.thread.update({ where: { id: busy.id }, data: { postCount: { increment: 1 } } })
    expect(await expectSame()).toContain(`"id":${added.id},`)
  })
})
