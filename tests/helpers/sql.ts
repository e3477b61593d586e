// Raw SQL against a test server's database, for arranging states the API cannot reach quickly (a thread at
// the bump limit, a dead thread, a ban) and for checking what was stored.
import Database from 'better-sqlite3'
import type { TestDatabase } from './database'
import { withClient } from './database'

/** Runs one statement; `?` placeholders work on both engines. Returns the rows of a SELECT. */
export async function sql<T = Record<string, unknown>>(
  db: TestDatabase,
  statement: string,
  ...args: unknown[]
): Promise<T[]> {
  if (db.provider === 'postgresql') {
    let n = 0
    const text = statement.replace(/\?/g, () => `$${++n}`)
    return withClient(db.url, async (c) => (await c.query(text, args)).rows as T[])
  }
  const conn = new Database(db.url.slice('file:'.length), { timeout: 5000 })
  try {
    const stmt = conn.prepare(statement)
    const values = args.map((a) => (typeof a === 'boolean' ? Number(a) : a instanceof Date ? a.toISOString() : a))
    return stmt.reader ? (stmt.all(...values) as T[]) : (stmt.run(...values), [])
  } finally {
    conn.close()
  }
}

/**
 * Inserts `count` live threads `filler 0`, `filler 1` … on `board`, created and bumped a second apart from `from`
 * (the first is the least recently bumped), each counting `postCount` posts: fills a board up to its thread cap.
 */
export async function insertFillerThreads(db: TestDatabase, board: string, count: number, from: Date, postCount = 1) {
  for (let i = 0; i < count; i++) {
    const at = new Date(from.getTime() + i * 1000)
    await sql(
      db,
      `INSERT INTO threads (board_id, topic, created_at, updated_at, post_count, is_sticky, is_dead)
      VALUES (?, ?, ?, ?, ?, ?, ?)`,
      board,
      `filler ${i}`,
      at,
      at,
      postCount,
      false,
      false,
    )
  }
}
