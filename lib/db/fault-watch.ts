// Wraps the driver adapter so every database call reports to lib/db/fault-state.ts: an outage starts with the
// first call that fails for want of a connection or an answer (or of disk space), and ends with the first call
// that succeeds. During an outage, new work fails at once (a circuit breaker with one trial call a second) instead
// of every call waiting for its own timeout. Errors pass through otherwise unchanged; lib/http/error-response.ts
// turns them into 503/507.
import type { SqlDriverAdapterFactory, SqlQuery, Transaction } from '@prisma/driver-adapter-utils'
import { failFastReason, noteDbFault, noteDbOk } from './fault-state'
import { dbFaultOf, markDbFault } from './faults'
import { wrappingAdapter } from './wrapping-adapter'
import { metrics } from '../metrics/registry'

const STATEMENT_METHODS = new Set<PropertyKey>(['queryRaw', 'executeRaw', 'executeScript'])
const WRITE = /^\s*(INSERT|UPDATE|DELETE|REPLACE)\b/i
const COMMIT = /^\s*COMMIT\b/i
const ROLLBACK = /^\s*ROLLBACK\b/i

/** Thrown instead of calling a database known to be down. */
export class DatabaseDownError extends Error {
  readonly code = 'CORKBOARD_DB_DOWN'
  constructor(readonly reason: string) {
    super(`database unavailable (${reason})`)
  }
}

/** What a statement did, for its timing: a read, a write, or transaction control (BEGIN, COMMIT, ROLLBACK). */
type StatementKind = 'read' | 'write' | 'transaction'
const kindOf = (sql: string): StatementKind =>
  WRITE.test(sql) ? 'write' : /^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)\b/i.test(sql) ? 'transaction' : 'read'

async function watch<T>(
  call: () => Promise<T>,
  write: boolean,
  onFault?: () => void,
  kind: StatementKind = 'transaction',
): Promise<T> {
  const timer = metrics().dbStatements.startTimer({ kind })
  try {
    const result = await call()
    timer({ outcome: 'ok' })
    noteDbOk(write)
    return result
  } catch (err) {
    timer({ outcome: 'error' })
    const fault = dbFaultOf(err)
    if (fault) {
      noteDbFault(fault)
      markDbFault(err, fault)
    }
    if (fault?.kind === 'unavailable' && !fault.slowQuery) onFault?.()
    throw err
  }
}

function failFast(): void {
  const reason = failFastReason()
  if (reason === undefined) return
  const err = new DatabaseDownError(reason)
  markDbFault(err, { kind: 'unavailable', reason })
  throw err
}

const sqlOf = (q: unknown) => (typeof q === 'string' ? q : ((q as SqlQuery | undefined)?.sql ?? ''))

/**
 * Closes the socket of a PostgreSQL connection whose state is unknown, so the pool drops it instead of reusing it
 * (false where there is none to close: SQLite's one connection must always get its ROLLBACK).
 */
function dropConnection(tx: object): boolean {
  const stream = (tx as { client?: { connection?: { stream?: { destroy(): void } } } }).client?.connection?.stream
  if (!stream) return false
  stream.destroy()
  return true
}

/** A connection outside transactions: each statement is new work. */
function watchingConnection<T extends object>(target: T): T {
  return new Proxy(target, {
    get(t, prop, receiver) {
      const value = Reflect.get(t, prop, receiver)
      if (typeof value !== 'function') return value
      const call = (args: unknown[]) => (value as (...a: unknown[]) => Promise<unknown>).apply(t, args)
      if (prop === 'startTransaction') {
        return async (...args: unknown[]) => (
          failFast(),
          watchingTransaction(await watch(() => call(args) as Promise<Transaction>, false))
        )
      }
      if (STATEMENT_METHODS.has(prop))
        return (...args: unknown[]) => (
          failFast(),
          watch(() => call(args), WRITE.test(sqlOf(args[0])), undefined, kindOf(sqlOf(args[0])))
        )
      return value.bind(t)
    },
  })
}

/**
 * A transaction. A write counts as succeeded when it is stored, at COMMIT (a full disk may fail only the commit).
 * Once a statement has failed for want of the connection, the ROLLBACK is not sent down the same stuck
 * connection (it would wait for its own timeout): the connection is closed instead, which ends the transaction
 * on the server.
 */
function watchingTransaction<T extends object>(target: T): T {
  let wrote = false
  let broken = false
  return new Proxy(target, {
    get(t, prop, receiver) {
      const value = Reflect.get(t, prop, receiver)
      if (typeof value !== 'function') return value
      const call = (args: unknown[]) => (value as (...a: unknown[]) => Promise<unknown>).apply(t, args)
      if (prop === 'commit') return (...args: unknown[]) => watch(() => call(args), wrote)
      if (STATEMENT_METHODS.has(prop)) {
        return async (...args: unknown[]) => {
          const sql = sqlOf(args[0])
          if (ROLLBACK.test(sql) && broken && dropConnection(t)) return 0
          if (!COMMIT.test(sql) && !ROLLBACK.test(sql)) {
            try {
              failFast()
            } catch (err) {
              broken = true
              throw err
            }
          }
          if (WRITE.test(sql)) wrote = true
          return watch(
            () => call(args),
            COMMIT.test(sql) && wrote,
            () => {
              broken = true
            },
            kindOf(sql),
          )
        }
      }
      return value.bind(t)
    },
  })
}

export function faultWatchingAdapter(factory: SqlDriverAdapterFactory): SqlDriverAdapterFactory {
  return wrappingAdapter(factory, watchingConnection)
}
