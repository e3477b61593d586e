// The Prisma client for the configured database, one per process. SQLite (default) and PostgreSQL use two generated clients
// from one schema; their APIs are identical, so the app is typed against the SQLite one.
import type { SqlDriverAdapter, SqlDriverAdapterFactory } from '@prisma/driver-adapter-utils'
import { getConfig } from '../config'
import { driverSql, driverTransaction, rememberingConnection, type DriverConnection, type RawSql } from './driver-sql'
import { faultWatchingAdapter } from './fault-watch'
import { countingAdapter } from './statement-count'
import { processSingleton, processSlot } from '../process-singleton'
import type { PrismaClient } from './generated/sqlite/client.ts'

export type Db = PrismaClient
export type { Prisma } from './generated/sqlite/client.ts'

// No request may wait long on a database that does not answer: a connection (or a free pooled one) within 5 s,
// each statement within DB_QUERY_TIMEOUT_MS (cancelled by the server, and given up by the client should the server
// not answer at all), a transaction's slot within 5 s and its whole work within twice the statement limit.
// Why 5 s and not less: the server's answer to a new connection is only read when the event loop gets to it, and a
// loop busy for a second or two (first renders after start-up, a loaded machine) must not be taken for an outage,
// which would answer 503 to everyone until the next probe. A refused connection still fails at once.
const CONNECT_TIMEOUT_MS = 5_000

function transactionOptions(queryTimeoutMs: number) {
  return { maxWait: CONNECT_TIMEOUT_MS, timeout: Math.max(5_000, 2 * queryTimeoutMs) }
}

/** Emptied when connecting fails or the client is closed, so the next call connects again. */
const client = processSlot<Promise<Db>>('db')
/** Each client's driver connection, for driverTransaction (lib/db/driver-sql.ts). */
const connections = processSingleton('db-connections', () => new WeakMap<Db, DriverConnection>())

async function connect(): Promise<Db> {
  const { database, dbStatementLog, dbQueryTimeoutMs, sqliteSynchronous } = getConfig()
  const connection: DriverConnection = {}
  const adapter = (factory: SqlDriverAdapterFactory) =>
    rememberingConnection(faultWatchingAdapter(dbStatementLog ? countingAdapter(factory) : factory), connection)
  if (database.provider === 'postgresql') {
    const [{ PrismaClient: PgClient }, { PrismaPg }] = await Promise.all([
      import('./generated/postgresql/client.ts'),
      import('@prisma/adapter-pg'),
    ])
    const pool = {
      connectionString: database.url,
      max: 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      statement_timeout: dbQueryTimeoutMs,
      query_timeout: dbQueryTimeoutMs + 500,
      // A transaction left open by a stuck client is ended by the server, releasing its locks.
      idle_in_transaction_session_timeout: transactionOptions(dbQueryTimeoutMs).timeout,
    }
    const client = new PgClient({
      adapter: adapter(new PrismaPg(pool)),
      transactionOptions: transactionOptions(dbQueryTimeoutMs),
    }) as unknown as Db
    connections.set(client, connection)
    return client
  }
  const [{ PrismaClient: SqliteClient }, { serializedSqliteAdapter }] = await Promise.all([
    import('./generated/sqlite/client.ts'),
    import('./sqlite-serialized'),
  ])
  const client = new SqliteClient({
    adapter: adapter(serializedSqliteAdapter(database.url)),
    transactionOptions: transactionOptions(dbQueryTimeoutMs),
  })
  connections.set(client, connection)
  // WAL lets readers proceed during a write; foreign keys are off by default in SQLite. synchronous=NORMAL keeps
  // every committed transaction through a process crash, FULL also through a power loss (SQLITE_SYNCHRONOUS).
  await client.$queryRawUnsafe('PRAGMA journal_mode = WAL')
  await client.$executeRawUnsafe('PRAGMA foreign_keys = ON')
  await client.$executeRawUnsafe(`PRAGMA synchronous = ${sqliteSynchronous}`)
  return client
}

export function getDb(): Promise<Db> {
  let pending = client.get()
  if (!pending) {
    pending = connect()
    client.set(pending)
    pending.catch(() => client.clear())
  }
  return pending
}

export async function closeDb(): Promise<void> {
  const pending = client.get()
  client.clear()
  if (pending) await (await pending.catch(() => undefined))?.$disconnect()
}

/**
 * Runs `work` in one transaction on the driver adapter of the process's client, without the client's own transaction
 * machinery (lib/db/driver-sql.ts) but within its time limits: for the reply, the hottest write.
 */
export async function rawTransaction<T>(work: (tx: RawSql) => Promise<T>): Promise<T> {
  const { maxWait, timeout } = transactionOptions(getConfig().dbQueryTimeoutMs)
  return driverTransaction(await driverAdapter(), work, { maxWaitMs: maxWait, timeoutMs: timeout })
}

/** Plain statements on the driver adapter of the process's client, outside a transaction (lib/db/driver-sql.ts). */
export async function rawSql(): Promise<RawSql> {
  return driverSql(await driverAdapter())
}

async function driverAdapter(): Promise<SqlDriverAdapter> {
  const db = await getDb()
  const connection = connections.get(db)
  if (connection && !connection.adapter) await db.$connect()
  if (!connection?.adapter) throw new Error('the database client has no driver connection')
  return connection.adapter
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
