// SQLITE_SYNCHRONOUS reaches the SQLite connection: FULL makes every commit wait for the disk (survives a power
// loss), the default NORMAL survives a process crash only. Configuration is read once per process (one per file).
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'

const dir = mkdtempSync(path.join(os.tmpdir(), 'cb-sync-'))
Object.assign(process.env, {
  DATA_DIR: dir,
  DATABASE_URL: `file:${path.join(dir, 'sync.db')}`,
  SQLITE_SYNCHRONOUS: 'FULL',
})

afterAll(async () => {
  const { closeDb } = await import('@/lib/db/client')
  await closeDb()
  rmSync(dir, { recursive: true, force: true })
})

it('runs SQLite in WAL mode with synchronous=FULL when SQLITE_SYNCHRONOUS=FULL', async () => {
  const { getDb } = await import('@/lib/db/client')
  const db = await getDb()
  const [{ synchronous }] = await db.$queryRawUnsafe<{ synchronous: bigint | number }[]>('PRAGMA synchronous')
  expect(Number(synchronous)).toBe(2) // 1 = NORMAL, 2 = FULL
  const [{ journal_mode }] = await db.$queryRawUnsafe<{ journal_mode: string }[]>('PRAGMA journal_mode')
  expect(journal_mode).toBe('wal')
})
