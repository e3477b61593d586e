// A transaction that reads and then writes must survive another process writing to the same SQLite file
// meanwhile (a second server, `npm run admin:create`, a test arranging rows): it waits for the other writer's
// commit instead of failing at once with SQLITE_BUSY, which reached visitors and staff as a 503. SQLite only, on
// either engine's run: PostgreSQL has no such lock. Configuration is read once per process (one per file).
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { migrateSqlite } from '@/lib/db/migrate'

const dir = mkdtempSync(path.join(os.tmpdir(), 'cb-second-writer-'))
const file = path.join(dir, 'second-writer.db')
Object.assign(process.env, { DATA_DIR: dir, DATABASE_URL: `file:${file}` })

beforeAll(async () => {
  await migrateSqlite(`file:${file}`)
})
afterAll(async () => {
  const { closeDb } = await import('@/lib/db/client')
  await closeDb()
  rmSync(dir, { recursive: true, force: true })
})

// Another process takes the write lock, writes a row, says so, and commits `holdMs` later.
function otherWriter(holdMs: number): Promise<{ committed: Promise<void> }> {
  const script = `
    const db = new (require('better-sqlite3'))(process.argv[1], { timeout: 5000 })
    db.prepare('BEGIN IMMEDIATE').run()
    db.prepare("INSERT INTO secrets (name, value) VALUES ('other', 'x')").run()
    console.log('locked')
    setTimeout(() => { db.prepare('COMMIT').run(); db.close() }, ${holdMs})`
  const child = spawn(process.execPath, ['-e', script, file], { stdio: ['ignore', 'pipe', 'inherit'] })
  const committed = new Promise<void>((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the other writer exited ${code}`)))),
  )
  return new Promise((resolve, reject) => {
    child.stdout.once('data', () => resolve({ committed }))
    committed.catch(reject)
  })
}

it('a read-then-write transaction waits for another process holding the write lock, then commits', async () => {
  const { getDb } = await import('@/lib/db/client')
  const db = await getDb()
  const other = await otherWriter(300)

  const tx = db.$transaction(async (t) => {
    const [{ n }] = await t.$queryRawUnsafe<{ n: bigint }[]>('SELECT count(*) AS n FROM secrets')
    await t.$executeRawUnsafe("INSERT INTO secrets (name, value) VALUES ('mine', ?)", String(n))
  })
  await expect(tx).resolves.toBeUndefined()
  await other.committed

  // It started after the other process's commit, so it saw that row.
  const rows = await db.$queryRawUnsafe('SELECT name, value FROM secrets ORDER BY name')
  expect(rows).toEqual([
    { name: 'mine', value: '1' },
    { name: 'other', value: 'x' },
  ])
})
