// The post row stored by posting (lib/posts/insert-post.ts, one INSERT … RETURNING id in SQL) is returned without
// being read back, and that value is what post_created publishes: it must equal the row as the database holds it,
// column for column, with a file and without, including the defaults the INSERT leaves to the schema.
import { describe, expect, it } from 'vitest'
import { withInProcessServer } from '../helpers/in-process'

withInProcessServer()

async function insertAndReadBack(media: Record<string, unknown> | undefined, extra: { spoiler: boolean }) {
  const { getDb } = await import('@/lib/db/client')
  const { insertPost } = await import('@/lib/posts/insert-post')
  const { insertPostEvent } = await import('@/lib/stats/post-events')
  const db = await getDb()
  const thread = await db.thread.create({ data: { boardId: 'tech', topic: 't', postCount: 1 } })
  const createdAt = new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678))
  const inserted = await db.$transaction(async (tx) => {
    const post = await insertPost(tx, {
      threadId: thread.id,
      boardId: 'tech',
      content: 'hello ünïcode',
      createdAt,
      isOp: true,
      dontBump: false,
      spoiler: extra.spoiler,
      textHash: 'abc123',
      ipAddress: '203.0.113.7',
      ownerKeyHash: 'owner-hash',
      threadUserId: 'AbCd1234',
      countryCode: null,
      ...media,
    })
    await insertPostEvent(tx, {
      createdAt,
      minute: 42,
      boardId: 'tech',
      countryCode: 'NL',
      visitorHash: 'visitor',
    })
    return post
  })
  const stored = await db.post.findUniqueOrThrow({ where: { id: inserted.id } })
  const event = await db.postEvent.findFirstOrThrow({ where: { visitorHash: 'visitor' }, orderBy: { id: 'desc' } })
  return { inserted, stored, event, createdAt }
}

describe('insertPost', () => {
  it('returns the stored row of a post without a file, schema defaults included', async () => {
    const { inserted, stored, event, createdAt } = await insertAndReadBack(undefined, { spoiler: false })
    expect(inserted).toEqual(stored)
    expect(stored.color).toBe('black')
    expect(stored.createdAt.getTime()).toBe(createdAt.getTime())
    expect(stored.imageUrl).toBeNull()
    expect(event).toMatchObject({ createdAt, minute: 42, boardId: 'tech', countryCode: 'NL' })
  })

  it('returns the stored row of a post with a file', async () => {
    const media = {
      imageUrl: '/media/ab/cd.png',
      mediaKey: 'ab/cd.png',
      thumbnailUrl: '/media/ab/cd_t.webp',
      thumbnailKey: 'ab/cd_t.webp',
      fileType: 'image',
      mediaMime: 'image/png',
      mediaSize: 12345,
      mediaWidth: 800,
      mediaHeight: 600,
      mediaOrigName: 'a.png',
      mediaDuration: 12.5,
      mediaMd5: 'bWQ1',
      mediaSha256: 'f'.repeat(64),
    }
    const { inserted, stored } = await insertAndReadBack(media, { spoiler: true })
    expect(inserted).toEqual(stored)
    expect(stored).toMatchObject({ ...media, spoiler: true, isOp: true, dontBump: false })
  })
})
