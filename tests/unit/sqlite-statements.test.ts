// Statements kept per SQL text on a real SQLite file (lib/db/sqlite-statements.ts): each text is prepared once, every
// run gets its own arguments although a kept statement is never bound, rows read as the adapter reads them, and the
// cache drops its least recently used text when full.
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { keepPreparedStatements, type PreparingClient } from '@/lib/db/sqlite-statements'

let dir: string
let db: Database.Database
let prepared: string[]

/** The connection as the adapter uses it, counting the statements SQLite really prepares. */
function adapterView(size?: number): { client: PreparingClient; kept: () => number } {
  prepared = []
  const client = {
    prepare: (sql: string) => {
      prepared.push(sql)
      return db.prepare(sql)
    },
  } as unknown as PreparingClient
  return { client, kept: keepPreparedStatements(client, size) }
}

/** What the better-sqlite3 adapter does with a statement: bind, then run or read the rows as arrays. */
function adapterQuery(client: PreparingClient, sql: string, args: unknown[]) {
  const stmt = (client.prepare(sql) as unknown as { bind(a: unknown[]): AdapterStatement }).bind(args)
  return stmt.reader ? stmt.raw().all() : stmt.run()
}
interface AdapterStatement {
  reader: boolean
  run(): { changes: number }
  raw(): { all(): unknown[] }
}

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'corkboard-stmts-'))
  db = new Database(path.join(dir, 'test.db'))
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL)')
})
afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('keepPreparedStatements', () => {
  it('prepares each SQL text once and runs it with each call’s own arguments', () => {
    const { client, kept } = adapterView()
    for (const [id, name] of [
      [1, 'a'],
      [2, 'b'],
      [3, 'c'],
    ] as const) {
      expect(adapterQuery(client, 'INSERT INTO t (id, name) VALUES (?, ?)', [id, name])).toMatchObject({ changes: 1 })
    }
    expect(adapterQuery(client, 'SELECT id, name FROM t WHERE id >= ? ORDER BY id', [2])).toEqual([
      [2, 'b'],
      [3, 'c'],
    ])
    expect(adapterQuery(client, 'SELECT id, name FROM t WHERE id >= ? ORDER BY id', [3])).toEqual([[3, 'c']])
    expect(prepared).toEqual([
      'INSERT INTO t (id, name) VALUES (?, ?)',
      'SELECT id, name FROM t WHERE id >= ? ORDER BY id',
    ])
    expect(kept()).toBe(2)
  })

  it('keeps a statement usable after it failed', () => {
    const { client } = adapterView()
    const insert = 'INSERT INTO t (id, name) VALUES (?, ?)'
    adapterQuery(client, insert, [1, 'a'])
    expect(() => adapterQuery(client, insert, [1, 'again'])).toThrow(/UNIQUE/)
    expect(adapterQuery(client, insert, [2, 'b'])).toMatchObject({ changes: 1 })
    expect(prepared).toEqual([insert])
  })

  it('holds at most its size, dropping the text used least recently', () => {
    const { client, kept } = adapterView(2)
    const q = (n: number) => `SELECT ${n} AS n`
    adapterQuery(client, q(1), [])
    adapterQuery(client, q(2), [])
    adapterQuery(client, q(1), []) // 1 is now the most recent: 2 goes first
    adapterQuery(client, q(3), [])
    expect(kept()).toBe(2)
    adapterQuery(client, q(1), [])
    adapterQuery(client, q(2), [])
    expect(prepared).toEqual([q(1), q(2), q(3), q(2)])
  })
})
