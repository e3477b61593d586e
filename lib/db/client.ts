// The Prisma client for the configured database, one per process (kept on globalThis because server.ts and
// the Next bundle load this module separately). SQLite (default) and PostgreSQL use two generated clients
// from one schema; their APIs are identical, so the app is typed against the SQLite one.
import type { PrismaClient } from './generated/sqlite/client.ts'
import type { SqlDriverAdapterFactory } from '@prisma/driver-adapter-utils'
import { getConfig } from '../config'
import { countingAdapter } from './statement-count'

export type Db = PrismaClient
export type { Prisma } from './generated/sqlite/client.ts'

const KEY = Symbol.for('corkboard.db')
type Holder = { [KEY]?: Promise<Db> }

async function connect(): Promise<Db> {
  const { database, dbStatementLog } = getConfig()
  const adapter = (factory: SqlDriverAdapterFactory) => (dbStatementLog ? countingAdapter(factory) : factory)
  if (database.provider === 'postgresql') {
    const [{ PrismaClient: PgClient }, { PrismaPg }] = await Promise.all([
      import('./generated/postgresql/client.ts'),
      import('@prisma/adapter-pg'),
    ])
    const client = new PgClient({ adapter: adapter(new PrismaPg({ connectionString: database.url, max: 10 })) })
    return client as unknown as Db
  }
  const [{ PrismaClient: SqliteClient }, { serializedSqliteAdapter }] = await Promise.all([
    import('./generated/sqlite/client.ts'),
    import('./sqlite-serialized'),
  ])
  const client = new SqliteClient({ adapter: adapter(serializedSqliteAdapter(database.url)) })
  // WAL lets readers proceed during a write; foreign keys are off by default in SQLite.
  await client.$queryRawUnsafe('PRAGMA journal_mode = WAL')
  await client.$executeRawUnsafe('PRAGMA foreign_keys = ON')
  await client.$executeRawUnsafe('PRAGMA synchronous = NORMAL')
  return client
}

export function getDb(): Promise<Db> {
  const g = globalThis as Holder
  if (!g[KEY]) {
    g[KEY] = connect()
    g[KEY].catch(() => { delete g[KEY] })
  }
  return g[KEY]
}

export async function closeDb(): Promise<void> {
  const g = globalThis as Holder
  const pending = g[KEY]
  delete g[KEY]
  if (pending) await (await pending.catch(() => undefined))?.$disconnect()
}

/** True when the database answers a trivial query (health check). */
export async function pingDb(): Promise<boolean> {
  try {
    const db = await getDb()
    await db.$queryRawUnsafe('SELECT 1')
    return true
  } catch {
    return false
  }
}
