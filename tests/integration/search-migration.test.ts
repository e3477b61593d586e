// The search index's migration on the test run's database: posts written before it are indexed (backfill), and its
// triggers keep the index in step with new posts, changed topics and deletions (cascades from a thread included).
import { cpSync, mkdtempSync, readdirSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateSqlite, migratePostgres, migrationsDir } from '@/lib/db/migrate'
import { createTestDatabase, type TestDatabase } from '../helpers/database'
import { sql } from '../helpers/sql'

const SEARCH_MIGRATION = /_post_search$/
let db: TestDatabase

beforeAll(async () => {
  db = await createTestDatabase(mkdtempSync(path.join(os.tmpdir(), 'cb-search-migration-')))
})
afterAll(async () => {
  await db?.drop()
})

const migrate = (dir: string) => (db.provider === 'sqlite' ? migrateSqlite(db.url, dir) : migratePostgres(db.url, dir))

/** The ids of the posts that contain `word`, straight from the index. */
const indexed = async (word: string) =>
  (
    await sql<{ id: number }>(
      db,
      db.provider === 'sqlite'
        ? 'SELECT rowid AS id FROM post_search WHERE post_search MATCH ? ORDER BY rowid'
        : "SELECT post_id AS id FROM post_search WHERE document @@ plainto_tsquery('simple', ?) ORDER BY post_id",
      db.provider === 'sqlite' ? `"${word}"` : word,
    )
  ).map((r) => Number(r.id))

async function insertPost(threadId: number, content: string, isOp: boolean): Promise<number> {
  await sql(
    db,
    `INSERT INTO posts (thread_id, board_id, content, is_op, ip_address, owner_key_hash) VALUES (?, 'tech', ?, ?, '10.0.0.1', 'h')`,
    threadId,
    content,
    isOp,
  )
  const [{ id }] = await sql<{ id: number }>(db, 'SELECT max(id) AS id FROM posts')
  return Number(id)
}
async function insertThread(topic: string): Promise<number> {
  await sql(db, `INSERT INTO threads (board_id, topic) VALUES ('tech', ?)`, topic)
  const [{ id }] = await sql<{ id: number }>(db, 'SELECT max(id) AS id FROM threads')
  return Number(id)
}

describe('the post search migration', () => {
  it('indexes the posts written before it, then follows inserts, topic changes and deletions', async () => {
    // Every migration before the search index, as a site that predates it has them.
    const all = migrationsDir(db.provider)
    const before = path.join(mkdtempSync(path.join(os.tmpdir(), 'cb-migrations-')), db.provider)
    cpSync(all, before, { recursive: true, filter: (src) => !SEARCH_MIGRATION.test(path.basename(src)) })
    expect(readdirSync(before).some((d) => SEARCH_MIGRATION.test(d))).toBe(false)
    await migrate(before)

    await sql(db, `INSERT INTO boards (id, name, description) VALUES ('tech', 'Technology', 'Tech')`)
    const old = await insertThread('Backfilled topic')
    const op = await insertPost(old, 'oldword in the opening post', true)
    const oldReply = await insertPost(old, 'oldword in a reply', false)

    expect((await migrate(all)).applied).toEqual([expect.stringMatching(SEARCH_MIGRATION)])
    expect(await indexed('oldword')).toEqual([op, oldReply])
    // The topic belongs to the opening post only.
    expect(await indexed('backfilled')).toEqual([op])

    const fresh = await insertThread('Fresh topic')
    const freshOp = await insertPost(fresh, 'newword here', true)
    const freshReply = await insertPost(fresh, 'newword again', false)
    expect(await indexed('newword')).toEqual([freshOp, freshReply])
    expect(await indexed('fresh')).toEqual([freshOp])

    await sql(db, 'UPDATE threads SET topic = ? WHERE id = ?', 'Renamed topic', fresh)
    expect(await indexed('fresh')).toEqual([])
    expect(await indexed('renamed')).toEqual([freshOp])
    expect(await indexed('newword')).toEqual([freshOp, freshReply])

    await sql(db, 'UPDATE posts SET content = ? WHERE id = ?', 'edited words', freshReply)
    expect(await indexed('newword')).toEqual([freshOp])
    expect(await indexed('edited')).toEqual([freshReply])

    await sql(db, 'DELETE FROM posts WHERE id = ?', oldReply)
    expect(await indexed('oldword')).toEqual([op])
    // Deleting a thread removes its posts through the foreign key's cascade, and them from the index.
    if (db.provider === 'sqlite') {
      const Database = (await import('better-sqlite3')).default
      const conn = new Database(db.url.slice('file:'.length))
      conn.pragma('foreign_keys = ON')
      conn.prepare('DELETE FROM threads WHERE id = ?').run(fresh)
      conn.close()
    } else {
      await sql(db, 'DELETE FROM threads WHERE id = ?', fresh)
    }
    expect(await indexed('renamed')).toEqual([])
    expect(await indexed('edited')).toEqual([])
  })
})
