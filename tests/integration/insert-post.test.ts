// The post row stored by posting (lib/posts/insert-post.ts, one INSERT … RETURNING id in SQL) is returned without
// being read back, and that value is what post_created publishes: it must equal the row as the database holds it,
// column for column, with a file and without, including the defaults the INSERT leaves to the schema. Replies run it
// in a transaction on the driver adapter (rawTransaction, lib/db/driver-sql.ts), new threads in Prisma's: both must
// store the same text in every column, so the rows read by the model API and by plain SQL never tell them apart.
import { describe, expect, it } from 'vitest'
import type { RawSql } from '@/lib/db/driver-sql'
import { usingPostgres } from '../helpers/database'
import { withInProcessServer } from '../helpers/in-process'

withInProcessServer()

type Transaction = 'prisma' | 'driver'

async function inTransaction<T>(kind: Transaction, work: (tx: RawSql) => Promise<T>): Promise<T> {
  const { getDb, rawTransaction } = await import('@/lib/db/client')
  return kind === 'driver' ? rawTransaction(work) : (await getDb()).$transaction((tx) => work(tx))
}

async function insertAndReadBack(
  media: Record<string, unknown> | undefined,
  extra: { spoiler: boolean },
  kind: Transaction = 'prisma',
) {
  const { getDb } = await import('@/lib/db/client')
  const { insertPost } = await import('@/lib/posts/insert-post')
  const { insertPostEvent } = await import('@/lib/stats/post-events')
  const db = await getDb()
  const thread = await db.thread.create({ data: { boardId: 'tech', topic: 't', postCount: 1 } })
  const createdAt = new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678))
  const inserted = await inTransaction(kind, async (tx) => {
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

/** Every column of a row as the database's own text (a timestamp as stored, a boolean as 0/1 or true/false). */
async function storedText(table: 'posts' | 'stats_post_events', id: number): Promise<Record<string, string | null>> {
  const { getDb } = await import('@/lib/db/client')
  const db = await getDb()
  const columns = await db.$queryRawUnsafe<{ name: string }[]>(
    usingPostgres()
      ? `SELECT column_name AS name FROM information_schema.columns WHERE table_name = '${table}'`
      : `SELECT name FROM pragma_table_info('${table}')`,
  )
  const names = columns.map((c) => c.name).filter((n) => n !== 'id' && n !== 'thread_id')
  const [row] = await db.$queryRawUnsafe<Record<string, string | null>[]>(
    `SELECT ${names.map((n) => `CAST("${n}" AS TEXT) AS "${n}"`).join(', ')} FROM ${table} WHERE id = ${id}`,
  )
  return row
}

describe('insertPost in a driver transaction and in a Prisma one', () => {
  it('stores the same text in every column of the post and its statistics row', async () => {
    const { getDb } = await import('@/lib/db/client')
    const db = await getDb()
    const media = { imageUrl: '/media/x/y.png', mediaKey: 'x/y.png', mediaSize: 9, mediaDuration: 1.25 }
    const stored = []
    for (const kind of ['prisma', 'driver'] as const) {
      const { inserted } = await insertAndReadBack(media, { spoiler: true }, kind)
      const event = await db.postEvent.findFirstOrThrow({ where: { visitorHash: 'visitor' }, orderBy: { id: 'desc' } })
      stored.push({
        post: await storedText('posts', inserted.id),
        event: await storedText('stats_post_events', event.id),
      })
    }
    expect(stored[1]).toEqual(stored[0])
    expect(stored[0].post.created_at).toBeTruthy()
  })

  it('returns the stored row from a driver transaction too', async () => {
    const { inserted, stored } = await insertAndReadBack(undefined, { spoiler: false }, 'driver')
    expect(inserted).toEqual(stored)
  })

  it('rolls a driver transaction back when its work throws, and the connection goes on', async () => {
    const { getDb, rawTransaction } = await import('@/lib/db/client')
    const db = await getDb()
    const before = await db.thread.count()
    await expect(
      rawTransaction(async (tx) => {
        await tx.$executeRaw`INSERT INTO threads (board_id, topic, post_count, updated_at) VALUES (${'tech'}, ${'gone'}, ${1}, ${new Date()})`
        throw new Error('work failed')
      }),
    ).rejects.toThrow('work failed')
    expect(await db.thread.count()).toBe(before)
    // A failing statement rolls back the same way, and the next transaction runs.
    await expect(rawTransaction((tx) => tx.$executeRaw`INSERT INTO no_such_table VALUES (${1})`)).rejects.toThrow()
    const rows = await rawTransaction((tx) => tx.$queryRaw<{ n: bigint | number }[]>`SELECT ${41} + 1 AS n`)
    expect(Number(rows[0].n)).toBe(42)
    expect(await db.thread.count()).toBe(before)
  })
})

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
