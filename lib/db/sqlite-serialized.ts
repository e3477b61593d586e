// The better-sqlite3 adapter shares one connection and only makes transactions wait for each other: a plain
// query issued while another request's interactive transaction is open would run *inside* that transaction
// and be rolled back with it. This wrapper gives the whole connection one queue, so a transaction holds the
// connection until it commits or rolls back, and statements outside it wait their turn.
//
// Its transactions also start with BEGIN IMMEDIATE rather than the adapter's deferred BEGIN. A deferred transaction
// takes the write lock only at its first write: if it has read before, and another process (a second server on
// the same file, `npm run admin:create`, a test arranging rows) holds the lock or has committed since, SQLite fails
// the write at once with SQLITE_BUSY, without waiting out the busy timeout, and the request answered 503. An
// immediate transaction waits for the lock first (up to the timeout below) and then reads the other's commit.
// Within this process it costs nothing: the queue already runs one transaction at a time.
//
// The wrapper sends that BEGIN IMMEDIATE itself, through the adapter's executeRaw, and the adapter's own BEGIN does
// nothing: the adapter takes a lock of its own before its BEGIN and never gives it back when the BEGIN fails
// (SQLITE_BUSY once another process has held the write lock past the timeout), so every later transaction would
// wait on it for good.
//
// Statements are prepared once per SQL text (sqlite-statements.ts), and the log is checkpointed on a worker thread
// (sqlite-checkpoints.ts) while the connection is open.
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3'
import type { SqlDriverAdapter, SqlDriverAdapterFactory, Transaction } from '@prisma/driver-adapter-utils'
import { bareStatement } from './driver-sql'
import { checkpointOffTheLoop } from './sqlite-checkpoints'
import { keepPreparedStatements, type PreparingClient } from './sqlite-statements'

class Queue {
  private tail: Promise<void> = Promise.resolve()
  acquire(): Promise<() => void> {
    let release!: () => void
    const next = new Promise<void>((resolve) => (release = resolve))
    const ready = this.tail.then(() => release)
    this.tail = this.tail.then(() => next)
    return ready
  }
}

/** The adapter's better-sqlite3 connection, on which it prepares every statement (`BEGIN` included). */
function connectionOf(adapter: SqlDriverAdapter): PreparingClient {
  const client = (adapter as unknown as { client?: Partial<PreparingClient> }).client
  if (typeof client?.prepare !== 'function')
    throw new Error(
      'the SQLite adapter no longer exposes its connection: its transactions and statements cannot be managed',
    )
  return client as PreparingClient
}

/** The statement the adapter runs for its BEGIN: nothing, since serialize() has begun the transaction already. */
const NO_BEGIN = { reader: false, run: () => ({ changes: 0, lastInsertRowid: 0 }) }
const BEGIN_IMMEDIATE = bareStatement('BEGIN IMMEDIATE')
const ROLLBACK = bareStatement('ROLLBACK')

function adapterBeginsNothing(client: PreparingClient): void {
  const prepare = client.prepare.bind(client)
  client.prepare = (sql: string) =>
    sql === 'BEGIN' ? (NO_BEGIN as unknown as ReturnType<typeof prepare>) : prepare(sql)
}

function serialize(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const client = connectionOf(adapter)
  const checkpoints = checkpointOffTheLoop(client)
  keepPreparedStatements(client)
  // After the cache: the adapter's BEGIN never reaches it, so every statement it hands out is bound before it runs.
  adapterBeginsNothing(client)
  const queue = new Queue()
  const exclusive = async <T>(fn: () => Promise<T>): Promise<T> => {
    const release = await queue.acquire()
    try {
      return await fn()
    } finally {
      release()
    }
  }
  return new Proxy(adapter, {
    get(target, prop, receiver) {
      if (prop === 'queryRaw' || prop === 'executeRaw' || prop === 'executeScript') {
        const fn = Reflect.get(target, prop, receiver) as (q: unknown) => Promise<unknown>
        return (q: unknown) => exclusive(() => fn.call(target, q))
      }
      if (prop === 'startTransaction') {
        return async (isolationLevel?: unknown): Promise<Transaction> => {
          const release = await queue.acquire()
          let begun = false
          try {
            await target.executeRaw(BEGIN_IMMEDIATE)
            begun = true
            const tx = await target.startTransaction(isolationLevel as never)
            let released = false
            const done = () => {
              if (!released) {
                released = true
                release()
              }
            }
            return new Proxy(tx, {
              get(t, p, r) {
                const v = Reflect.get(t, p, r)
                if (p === 'commit' || p === 'rollback') {
                  return async () => {
                    try {
                      return await (v as () => Promise<void>).call(t)
                    } finally {
                      done()
                    }
                  }
                }
                return typeof v === 'function' ? v.bind(t) : v
              },
            })
          } catch (err) {
            if (begun) await target.executeRaw(ROLLBACK).catch(() => {})
            release()
            throw err
          }
        }
      }
      if (prop === 'dispose') return async () => (await checkpoints?.stop(), target.dispose())
      const v = Reflect.get(target, prop, receiver)
      return typeof v === 'function' ? v.bind(target) : v
    },
  })
}

export function serializedSqliteAdapter(url: string): SqlDriverAdapterFactory {
  // timeout: wait up to 5 s for another process (e.g. npm run admin:create) holding the write lock.
  const inner = new PrismaBetterSqlite3({ url, timeout: 5000 })
  return {
    provider: inner.provider,
    adapterName: inner.adapterName,
    async connect() {
      return serialize(await inner.connect())
    },
  }
}
