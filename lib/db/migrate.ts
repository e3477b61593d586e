// Applies the committed SQL migrations of the active provider at start-up. Deliberately small: it records
// each migration in Prisma's own `_prisma_migrations` table (checksum = sha256 of migration.sql), so the
// Prisma CLI sees the same history, and it refuses to start when an applied migration was edited.
// PostgreSQL runs under the advisory lock Prisma uses, so several processes starting at once apply once.
import { createHash, randomUUID } from 'node:crypto'
import { readdirSync, readFileSync, existsSync } from 'node:fs'
import path from 'node:path'

export interface Migration {
  name: string
  sql: string
  checksum: string
}
export interface MigrationResult {
  applied: string[]
}

const TABLE_SQLITE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" TEXT PRIMARY KEY NOT NULL, "checksum" TEXT NOT NULL, "finished_at" DATETIME, "migration_name" TEXT NOT NULL,
  "logs" TEXT, "rolled_back_at" DATETIME, "started_at" DATETIME NOT NULL DEFAULT current_timestamp,
  "applied_steps_count" INTEGER UNSIGNED NOT NULL DEFAULT 0)`
const TABLE_PG = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL, "checksum" VARCHAR(64) NOT NULL, "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL, "logs" TEXT, "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(), "applied_steps_count" INTEGER NOT NULL DEFAULT 0)`
const PRISMA_ADVISORY_LOCK = 72707369

export function migrationsDir(provider: 'sqlite' | 'postgresql'): string {
  return path.resolve(process.cwd(), 'prisma/migrations', provider)
}

export function readMigrations(dir: string): Migration[] {
  if (!existsSync(dir)) throw new Error(`No migrations folder at ${dir}`)
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, 'migration.sql'), 'utf8')
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') }
    })
}

function pending(migrations: Migration[], applied: { migration_name: string; checksum: string }[]): Migration[] {
  const byName = new Map(applied.map((a) => [a.migration_name, a.checksum]))
  for (const m of migrations) {
    const checksum = byName.get(m.name)
    if (checksum && checksum !== m.checksum) {
      throw new Error(
        `Migration ${m.name} was changed after it was applied; restore it and add a new migration instead`,
      )
    }
  }
  return migrations.filter((m) => !byName.has(m.name))
}

export async function migrateSqlite(url: string, dir = migrationsDir('sqlite')): Promise<MigrationResult> {
  const { default: Database } = await import('better-sqlite3')
  const file = url.replace(/^file:/, '').replace(/\?.*$/, '')
  const db = new Database(file, { timeout: 10_000 })
  try {
    db.pragma('journal_mode = WAL')
    db.exec(TABLE_SQLITE)
    const todo = db.transaction(() =>
      pending(
        readMigrations(dir),
        db
          .prepare(
            'SELECT migration_name, checksum FROM _prisma_migrations WHERE rolled_back_at IS NULL AND finished_at IS NOT NULL',
          )
          .all() as never,
      ),
    )
    const applied: string[] = []
    for (const m of todo.immediate()) {
      // Foreign keys are switched off while a migration runs, as SQLite table redefinitions require.
      db.pragma('foreign_keys = OFF')
      db.transaction(() => {
        if (
          db
            .prepare('SELECT 1 FROM _prisma_migrations WHERE migration_name = ? AND finished_at IS NOT NULL')
            .get(m.name)
        )
          return
        const started = new Date().toISOString()
        db.exec(m.sql)
        db.prepare(
          `INSERT INTO _prisma_migrations (id, checksum, finished_at, migration_name, started_at, applied_steps_count)
                    VALUES (?, ?, ?, ?, ?, 1)`,
        ).run(randomUUID(), m.checksum, new Date().toISOString(), m.name, started)
        applied.push(m.name)
      }).immediate()
      db.pragma('foreign_keys = ON')
    }
    return { applied }
  } finally {
    db.close()
  }
}

export async function migratePostgres(url: string, dir = migrationsDir('postgresql')): Promise<MigrationResult> {
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PRISMA_ADVISORY_LOCK])
    await client.query(TABLE_PG)
    const { rows } = await client.query(
      'SELECT migration_name, checksum FROM _prisma_migrations WHERE rolled_back_at IS NULL AND finished_at IS NOT NULL',
    )
    const applied: string[] = []
    for (const m of pending(readMigrations(dir), rows)) {
      await client.query('BEGIN')
      try {
        const started = new Date()
        await client.query(m.sql)
        await client.query(
          `INSERT INTO _prisma_migrations (id, checksum, finished_at, migration_name, started_at, applied_steps_count)
                            VALUES ($1, $2, now(), $3, $4, 1)`,
          [randomUUID(), m.checksum, m.name, started],
        )
        await client.query('COMMIT')
        applied.push(m.name)
      } catch (err) {
        await client.query('ROLLBACK')
        throw new Error(`Migration ${m.name} failed: ${(err as Error).message}`)
      }
    }
    return { applied }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [PRISMA_ADVISORY_LOCK]).catch(() => {})
    await client.end()
  }
}

export function migrate(database: { provider: 'sqlite' | 'postgresql'; url: string }): Promise<MigrationResult> {
  return database.provider === 'sqlite' ? migrateSqlite(database.url) : migratePostgres(database.url)
}
