// SQLite's log is checkpointed on a worker thread (lib/db/sqlite-checkpoints.ts): the pages committed on the loop's
// connection reach the database file although that connection no longer checkpoints below 40,000 pages, the log
// starts afresh under writes that never leave it fully copied, and a worker that cannot run hands the checkpoints
// back to the loop. On real SQLite files; the server's connection gets the same (sqlite-serialized.ts).
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import {
  CHECKPOINT_PAGES,
  checkpointOffTheLoop,
  LOOP_CHECKPOINT_PAGES,
  RESTART_PAGES,
} from '@/lib/db/sqlite-checkpoints'
import { serializedSqliteAdapter } from '@/lib/db/sqlite-serialized'
import type { PreparingClient } from '@/lib/db/sqlite-statements'

const dir = mkdtempSync(path.join(os.tmpdir(), 'cb-checkpoints-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const PAGE = 4096
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const sizeOf = (file: string) => statSync(file).size

function openWal(name: string) {
  const file = path.join(dir, name)
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  db.exec('CREATE TABLE pages (id INTEGER PRIMARY KEY, body BLOB)')
  return { db, file }
}

/** Commits `pages` pages of rows, ten rows to a transaction, pausing 1 ms between transactions (a busy loop's gaps). */
async function writePages(db: Database.Database, pages: number): Promise<void> {
  const insert = db.prepare('INSERT INTO pages (body) VALUES (?)')
  const tenRows = db.transaction(() => {
    for (let i = 0; i < 10; i++) insert.run(Buffer.alloc(3_900, i))
  })
  for (let written = 0; written < pages; written += 10) {
    tenRows()
    await sleep(1)
  }
}

async function until(check: () => boolean, ms = 10_000): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(20)) if (check()) return true
  return check()
}

describe('SQLite checkpoints on a worker thread', () => {
  it('copies committed pages into the database file while the loop does not checkpoint', async () => {
    const { db, file } = openWal('copies.db')
    const checkpoints = checkpointOffTheLoop(db as unknown as PreparingClient)!
    try {
      expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(LOOP_CHECKPOINT_PAGES.withWorker)
      const before = sizeOf(file)
      const pages = CHECKPOINT_PAGES * 2
      await writePages(db, pages)
      // Only a checkpoint writes to the database file in WAL mode: the rows are in it without the loop taking one.
      expect(await until(() => sizeOf(file) >= before + (pages - CHECKPOINT_PAGES) * PAGE)).toBe(true)
      expect(db.prepare('SELECT count(*) AS n FROM pages').get()).toEqual({ n: pages })
    } finally {
      await checkpoints.stop()
      db.close()
    }
  }, 30_000)

  it('starts the log afresh under writes that never leave it fully copied', async () => {
    const { db, file } = openWal('restarts.db')
    const checkpoints = checkpointOffTheLoop(db as unknown as PreparingClient)!
    try {
      // Three times the length at which the worker restarts the log, and far below the loop's own bound.
      await writePages(db, RESTART_PAGES * 3)
      // The log file keeps the largest length it reached: frames of 4 KiB and 24 bytes of header each.
      const framesAtMost = sizeOf(`${file}-wal`) / (PAGE + 24)
      expect(framesAtMost).toBeLessThan(RESTART_PAGES * 2)
    } finally {
      await checkpoints.stop()
      db.close()
    }
  }, 60_000)

  it('hands the checkpoints back to the loop when the worker cannot open the file', async () => {
    const { db } = openWal('fallback.db')
    // The loop's connection, named as a file that does not exist: the worker fails at its start.
    const client = { name: path.join(dir, 'missing.db'), prepare: (sql: string) => db.prepare(sql) }
    checkpointOffTheLoop(client as unknown as PreparingClient)
    try {
      expect(
        await until(() => db.pragma('wal_autocheckpoint', { simple: true }) === LOOP_CHECKPOINT_PAGES.without),
      ).toBe(true)
    } finally {
      db.close()
    }
  })

  it('is what the server connection runs with', async () => {
    const file = path.join(dir, 'server.db')
    new Database(file).close()
    const adapter = await serializedSqliteAdapter(`file:${file}`).connect()
    try {
      const result = await adapter.queryRaw({ sql: 'PRAGMA wal_autocheckpoint', args: [], argTypes: [] })
      expect(result.rows).toEqual([[LOOP_CHECKPOINT_PAGES.withWorker]])
    } finally {
      await adapter.dispose()
    }
  })
})
