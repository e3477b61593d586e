// A transaction on the driver adapter (lib/db/driver-sql.ts) keeps Prisma's time limits and never wedges the SQLite
// connection: one open too long is rolled back and frees the connection, one that cannot begin in time fails as
// Prisma's P2028 (a 503, not an outage), and a BEGIN refused because another process held the write lock past the
// busy timeout leaves later transactions free to run (the adapter's own lock used to stay taken). On the real
// adapters and a real SQLite file, on either engine's run.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { SqlDriverAdapter } from '@prisma/driver-adapter-utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { driverTransaction, type RawSql } from '@/lib/db/driver-sql'
import { faultWatchingAdapter } from '@/lib/db/fault-watch'
import { databaseFaultOf } from '@/lib/db/faults'
import { migrateSqlite } from '@/lib/db/migrate'
import { serializedSqliteAdapter } from '@/lib/db/sqlite-serialized'

const dir = mkdtempSync(path.join(os.tmpdir(), 'cb-driver-tx-'))
const file = path.join(dir, 'driver-tx.db')
Object.assign(process.env, { DATA_DIR: dir, DATABASE_URL: `file:${file}` })
let adapter: SqlDriverAdapter

beforeAll(async () => {
  await migrateSqlite(`file:${file}`)
  adapter = await faultWatchingAdapter(serializedSqliteAdapter(`file:${file}`)).connect()
})
afterAll(async () => {
  await adapter?.dispose()
  rmSync(dir, { recursive: true, force: true })
})

const LIMITS = { maxWaitMs: 300, timeoutMs: 400 }
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const insert = (tx: RawSql, name: string) => tx.$executeRaw`INSERT INTO secrets (name, value) VALUES (${name}, ${'v'})`
async function names(): Promise<string[]> {
  const rows = await driverTransaction(
    adapter,
    (tx) => tx.$queryRaw<{ name: string }[]>`SELECT name FROM secrets ORDER BY name`,
    LIMITS,
  )
  return rows.map((r) => r.name)
}

describe('driverTransaction', () => {
  it('rolls back a transaction open past its limit, fails its next statement, and frees the connection', async () => {
    let late: unknown
    const slow = driverTransaction(
      adapter,
      async (tx) => {
        await insert(tx, 'slow')
        await sleep(LIMITS.timeoutMs + 200)
        late = await insert(tx, 'slow-again').catch((err: unknown) => err)
      },
      LIMITS,
    )
    await expect(slow).rejects.toMatchObject({ code: 'P2028' })
    expect(late).toMatchObject({ code: 'P2028' })
    expect(await names()).toEqual([])
  })

  it('fails a transaction that cannot begin in time as P2028, which reads as load, not as an outage', async () => {
    const holder = driverTransaction(adapter, () => sleep(LIMITS.maxWaitMs + 50), { ...LIMITS, timeoutMs: 2_000 })
    const waiting = driverTransaction(adapter, (tx) => insert(tx, 'waited'), LIMITS).catch((err: unknown) => err)
    const err = await waiting
    expect(err).toMatchObject({ code: 'P2028' })
    expect(databaseFaultOf(err)).toMatchObject({ kind: 'unavailable', slowQuery: true })
    await holder
    // The transaction that began after its caller gave up was rolled back, not left holding the connection.
    await driverTransaction(adapter, (tx) => insert(tx, 'after'), LIMITS)
    expect(await names()).toEqual(['after'])
  })

  it('runs the next transaction after a BEGIN refused for another process holding the write lock', async () => {
    // Another process holds the write lock for 8 s, past the adapter's 5 s busy timeout (with room for a slow start
    // of the BEGIN after it says so), then lets go.
    const script = `
      const db = new (require('better-sqlite3'))(process.argv[1])
      db.prepare('BEGIN IMMEDIATE').run()
      console.log('locked')
      setTimeout(() => { db.prepare('ROLLBACK').run(); db.close() }, 8000)`
    const child = spawn(process.execPath, ['-e', script, file], { stdio: ['ignore', 'pipe', 'inherit'] })
    const exited = new Promise((resolve) => child.once('exit', resolve))
    await new Promise((resolve) => child.stdout.once('data', resolve))
    const long = { maxWaitMs: 10_000, timeoutMs: 10_000 }
    const refused = await driverTransaction(adapter, (tx) => insert(tx, 'refused'), long).catch((err: unknown) => err)
    expect(databaseFaultOf(refused)).toMatchObject({ reason: expect.stringContaining('SQLITE_BUSY') })
    await exited
    await driverTransaction(adapter, (tx) => insert(tx, 'next'), long)
    expect(await names()).toEqual(['after', 'next'])
  }, 30_000)
})
