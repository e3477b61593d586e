// storeReply (lib/posts/store-reply.ts) stores a reply as separate statements on SQLite and as one statement on
// PostgreSQL. Whichever way, the row it returns (what post_created publishes) must be the row the database holds,
// the thread must be counted and bumped by the bump rule, the statistics row written, and a refused reply
// (a duplicate, a thread gone or archived) must leave the thread, the posts and the statistics as they were.
import { describe, expect, it } from 'vitest'
import { withInProcessServer } from '../helpers/in-process'

withInProcessServer()

// Now: the duplicate windows end at the reply's time.
const createdAt = new Date()

async function newThread(postCount = 1) {
  const { getDb } = await import('@/lib/db/client')
  const db = await getDb()
  const at = new Date(Date.UTC(2025, 0, 1))
  return db.thread.create({ data: { boardId: 'tech', topic: 't', postCount, createdAt: at, updatedAt: at } })
}

function reply(threadId: number, content: string, extra: Record<string, unknown> = {}, sage = false) {
  return {
    row: {
      threadId,
      boardId: 'tech',
      content,
      createdAt,
      isOp: false,
      spoiler: false,
      ipAddress: '203.0.113.9',
      ownerKeyHash: 'owner',
      threadUserId: null,
      countryCode: null,
      ...extra,
    },
    sage,
    event: { createdAt, minute: 7, boardId: 'tech', countryCode: 'SE', visitorHash: `v-${content}` },
  }
}

async function counts(threadId: number) {
  const { getDb } = await import('@/lib/db/client')
  const db = await getDb()
  const thread = await db.thread.findUniqueOrThrow({ where: { id: threadId } })
  return {
    postCount: thread.postCount,
    updatedAt: thread.updatedAt,
    posts: await db.post.count({ where: { threadId } }),
    events: await db.postEvent.count(),
  }
}

describe('storeReply', () => {
  it('returns the row the database holds, with a file and without, and writes its statistics row', async () => {
    const { getDb } = await import('@/lib/db/client')
    const { storeReply } = await import('@/lib/posts/store-reply')
    const db = await getDb()
    const thread = await newThread()
    const media = {
      imageUrl: '/media/sr/a.png',
      mediaKey: 'sr/a.png',
      thumbnailUrl: '/media/sr/a_t.webp',
      thumbnailKey: 'sr/a_t.webp',
      fileType: 'image',
      mediaMime: 'image/png',
      mediaSize: 321,
      mediaWidth: 20,
      mediaHeight: 10,
      mediaOrigName: 'a.png',
      mediaMd5: 'md5',
      mediaSha256: 'sha',
    }
    for (const extra of [{}, media]) {
      const stored = await storeReply(reply(thread.id, `row ${Object.keys(extra).length}`, extra))
      expect(stored.post).toEqual(await db.post.findUniqueOrThrow({ where: { id: stored.post.id } }))
      expect(stored.post.textHash).toMatch(/^[0-9a-f]{64}$/)
      expect(stored.bumped).toBe(true)
      const event = await db.postEvent.findFirstOrThrow({ where: { visitorHash: `v-${stored.post.content}` } })
      expect(event).toMatchObject({ createdAt, minute: 7, boardId: 'tech', countryCode: 'SE' })
    }
    expect(await counts(thread.id)).toMatchObject({ postCount: 3, updatedAt: createdAt, posts: 2 })
  })

  it('counts a sage without bumping, and stores replies past the bump limit as sage', async () => {
    const { BUMP_LIMIT } = await import('@/lib/limits')
    const { storeReply } = await import('@/lib/posts/store-reply')
    const sage = await newThread()
    const saged = await storeReply(reply(sage.id, 'a sage', {}, true))
    expect(saged).toMatchObject({ postCount: 2, bumped: false, post: { dontBump: true } })
    expect((await counts(sage.id)).updatedAt).toEqual(new Date(Date.UTC(2025, 0, 1)))

    const full = await newThread(BUMP_LIMIT - 1)
    const last = await storeReply(reply(full.id, 'the last bump'))
    expect(last).toMatchObject({ postCount: BUMP_LIMIT, bumped: true, post: { dontBump: false } })
    const past = await storeReply(reply(full.id, 'past the limit'))
    expect(past).toMatchObject({ postCount: BUMP_LIMIT + 1, bumped: false, post: { dontBump: true } })
  })

  it('refuses a duplicate, a thread on another board, a gone or archived thread, and writes nothing', async () => {
    const { getDb } = await import('@/lib/db/client')
    const { storeReply } = await import('@/lib/posts/store-reply')
    const { ConflictError, DuplicatePostError, NotFoundError } = await import('@/lib/errors')
    const db = await getDb()
    const thread = await newThread()
    await storeReply(reply(thread.id, 'said once'))
    const other = await newThread()
    await storeReply(reply(other.id, 'a file', { mediaKey: 'sr/dup.png', imageUrl: '/media/sr/dup.png' }))
    const before = await counts(thread.id)

    await expect(storeReply(reply(thread.id, 'Said  ONCE'))).rejects.toMatchObject({
      posterMessage: expect.stringMatching(/^This text was already posted/),
    })
    await expect(
      storeReply(reply(thread.id, 'another text', { mediaKey: 'sr/dup.png', imageUrl: '/media/sr/dup.png' })),
    ).rejects.toMatchObject({ posterMessage: expect.stringMatching(/^This file was already posted in another thread/) })
    await expect(storeReply(reply(thread.id, 'Said  ONCE'))).rejects.toBeInstanceOf(DuplicatePostError)
    const elsewhere = reply(thread.id, 'wrong board')
    await expect(storeReply({ ...elsewhere, row: { ...elsewhere.row, boardId: 'b' } })).rejects.toBeInstanceOf(
      NotFoundError,
    )
    await expect(storeReply(reply(999_999, 'nowhere'))).rejects.toBeInstanceOf(NotFoundError)
    expect(await counts(thread.id)).toEqual(before)

    await db.thread.update({ where: { id: thread.id }, data: { isDead: true } })
    await expect(storeReply(reply(thread.id, 'too late'))).rejects.toBeInstanceOf(ConflictError)
    await expect(storeReply(reply(thread.id, 'too late'))).rejects.toThrow(/archived/)
    expect(await counts(thread.id)).toEqual(before)
  })
})
