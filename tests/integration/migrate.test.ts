import { cpSync, mkdtempSync, appendFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { migrateSqlite, migratePostgres, migrationsDir, readMigrations } from '@/lib/db/migrate'
import { createTestDatabase, withClient } from '../helpers/database'

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'cb-migrate-'))

describe('migration runner on SQLite', () => {
  it('applies every migration once, records it like Prisma, and is idempotent', async () => {
    const file = path.join(tmp(), 'm.db')
    const all = readMigrations(migrationsDir('sqlite')).map((m) => m.name)
    expect(await migrateSqlite(`file:${file}`)).toEqual({ applied: all })
    expect(await migrateSqlite(`file:${file}`)).toEqual({ applied: [] })
    const db = new Database(file)
    const rows = db.prepare('SELECT migration_name, checksum, finished_at FROM _prisma_migrations').all() as {
      checksum: string
    }[]
    expect(rows).toHaveLength(all.length)
    expect(rows[0].checksum).toMatch(/^[0-9a-f]{64}$/)
    expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'posts'").get()).toBeTruthy()
    db.close()
  })

  it('refuses to start when an applied migration was edited', async () => {
    const dir = path.join(tmp(), 'migrations')
    cpSync(migrationsDir('sqlite'), dir, { recursive: true })
    const file = path.join(tmp(), 'm.db')
    await migrateSqlite(`file:${file}`, dir)
    const first = readMigrations(dir)[0]
    appendFileSync(path.join(dir, first.name, 'migration.sql'), '\n-- edited\n')
    await expect(migrateSqlite(`file:${file}`, dir)).rejects.toThrow(
      `Migration ${first.name} was changed after it was applied`,
    )
  })
})

// PostgreSQL is always there (locally and on CI), so this runs in the SQLite pass too.
describe('migration runner on PostgreSQL', () => {
  it('applies every migration once and is idempotent, also when two processes race', async () => {
    const db = await createTestDatabase(tmp(), 'postgresql')
    try {
      const all = readMigrations(migrationsDir('postgresql')).map((m) => m.name)
      const [a, b] = await Promise.all([migratePostgres(db.url), migratePostgres(db.url)])
      expect([...a.applied, ...b.applied].sort()).toEqual(all)
      expect(await migratePostgres(db.url)).toEqual({ applied: [] })
      const { rows } = await withClient(db.url, (c) => c.query('SELECT count(*)::int AS n FROM _prisma_migrations'))
      expect(rows[0].n).toBe(all.length)
    } finally {
      await db.drop()
    }
  })
})
