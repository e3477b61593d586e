// A reply's check before its body is read remembers live threads (lib/posts/live-threads.ts): a live thread is
// looked up once, a thread that died or was deleted (the events every such change publishes) is looked up again
// and refused, and a missing or archived thread is never remembered.
import { describe, expect, it } from 'vitest'
import { withInProcessServer } from '../helpers/in-process'

process.env.DB_STATEMENT_LOG = 'true' // the counting adapter, read when the database client is made
withInProcessServer()

async function lookUp(threadId: number) {
  const { countStatements } = await import('@/lib/db/statement-count')
  const { rawSql } = await import('@/lib/db/client')
  const { liveReplyTarget } = await import('@/lib/posts/live-threads')
  const { result, statements } = await countStatements(async () => liveReplyTarget(await rawSql(), threadId))
  return { target: result, statements }
}

async function newThread() {
  const { getDb } = await import('@/lib/db/client')
  return (await getDb()).thread.create({ data: { boardId: 'tech', topic: 't', postCount: 1 } })
}

describe('live threads before a reply is read', () => {
  it('asks the database once for a live thread, again after it died or was deleted', async () => {
    const { getDb } = await import('@/lib/db/client')
    const { publish } = await import('@/lib/events/bus')
    const db = await getDb()
    const thread = await newThread()
    expect(await lookUp(thread.id)).toEqual({ target: { boardId: 'tech', isDead: false }, statements: 1 })
    expect(await lookUp(thread.id)).toEqual({ target: { boardId: 'tech', isDead: false }, statements: 0 })

    await db.thread.update({ where: { id: thread.id }, data: { isDead: true, diedAt: new Date() } })
    publish({
      name: 'thread_died',
      payload: { threadId: thread.id, boardId: 'tech', diedAt: new Date().toISOString() },
    })
    expect(await lookUp(thread.id)).toEqual({ target: { boardId: 'tech', isDead: true }, statements: 1 })
    expect((await lookUp(thread.id)).statements).toBe(1) // an archived thread is not remembered

    const deleted = await newThread()
    await lookUp(deleted.id)
    await db.thread.delete({ where: { id: deleted.id } })
    publish({ name: 'thread_deleted', payload: { threadId: deleted.id, boardId: 'tech' } })
    expect(await lookUp(deleted.id)).toEqual({ target: null, statements: 1 })
    expect((await lookUp(deleted.id)).statements).toBe(1)
  })

  it('forgets every thread when the event relay lost events', async () => {
    const { publish } = await import('@/lib/events/bus')
    const threads = [await newThread(), await newThread()]
    for (const t of threads) await lookUp(t.id)
    publish({ name: 'events_missed', payload: {} })
    for (const t of threads) expect((await lookUp(t.id)).statements).toBe(1)
    for (const t of threads) expect((await lookUp(t.id)).statements).toBe(0)
  })
})
