// Counts the SQL statements sent to the database on behalf of one piece of work (an HTTP request, or a test's
// call into the domain layer), so an N+1 query shows up as a number that grows with the data. Off by default:
// only with DB_STATEMENT_LOG=true does lib/db/client.ts wrap its driver adapter, and server.ts log one line per
// request. A round trip is what costs, so BEGIN and COMMIT count like any other statement.
import { AsyncLocalStorage } from 'node:async_hooks'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { SqlDriverAdapterFactory, SqlQuery, Transaction } from '@prisma/driver-adapter-utils'
import { bareStatement } from './driver-sql'
import { wrappingAdapter } from './wrapping-adapter'
import { log } from '../log'
import { processSingleton } from '../process-singleton'

interface Tally {
  statements: number
  queries?: SqlQuery[]
}

const store = () => processSingleton('statement-count', () => new AsyncLocalStorage<Tally>())

function tick(query: SqlQuery): void {
  const tally = store().getStore()
  if (!tally) return
  tally.statements++
  tally.queries?.push(query)
}

/**
 * Runs `fn` and reports the statements it (and everything it awaited) sent through a counting adapter: how many,
 * and each one with its arguments (e.g. to print them, or to EXPLAIN them as bench/explain.ts does).
 */
export async function countStatements<T>(
  fn: () => Promise<T>,
): Promise<{ result: T; statements: number; queries: SqlQuery[] }> {
  const tally: Tally = { statements: 0, queries: [] }
  const result = await store().run(tally, fn)
  return { result, statements: tally.statements, queries: tally.queries! }
}

/** Wraps a request listener so each request logs its statement count once its response is done. */
export function logStatementsPerRequest(listener: (req: IncomingMessage, res: ServerResponse) => void) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const tally: Tally = { statements: 0 }
    res.once('close', () =>
      log.info(`db: ${tally.statements} statements for ${req.method} ${req.url} (${res.statusCode})`),
    )
    store().run(tally, () => listener(req, res))
  }
}

const STATEMENT_METHODS = new Set<PropertyKey>(['queryRaw', 'executeRaw', 'executeScript'])
const BEGIN = bareStatement('BEGIN')
// executeScript takes a bare SQL string.
const asQuery = (q: unknown): SqlQuery => (typeof q === 'string' ? bareStatement(q) : (q as SqlQuery))

/** The same connection or transaction, counting each statement it is asked to run. */
function counting<T extends object>(target: T): T {
  return new Proxy(target, {
    get(t, prop, receiver) {
      const value = Reflect.get(t, prop, receiver)
      if (typeof value !== 'function') return value
      const call = (args: unknown[]) => (value as (...a: unknown[]) => unknown).apply(t, args)
      if (prop === 'startTransaction') {
        return async (...args: unknown[]) => {
          tick(BEGIN) // the driver sends it itself; Prisma's COMMIT or ROLLBACK comes through executeRaw
          return counting(await (call(args) as Promise<Transaction>))
        }
      }
      if (STATEMENT_METHODS.has(prop)) return (...args: unknown[]) => (tick(asQuery(args[0])), call(args))
      return value.bind(t)
    },
  })
}

export function countingAdapter(factory: SqlDriverAdapterFactory): SqlDriverAdapterFactory {
  return wrappingAdapter(factory, counting)
}
