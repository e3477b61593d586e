// Plain statements run straight on the driver adapter Prisma's client connected (the same connection, queue, pool,
// fault watch and statement count), for the hottest write: a reply. Through the client, each `$queryRaw` costs
// ≈ 50 µs of CPU before the driver sees it and an interactive transaction ≈ 150 µs more (its manager, timers and
// the transaction client it builds); on the adapter the same transaction of three statements costs ≈ 70 µs in all.
//
// What callers write is unchanged: `$queryRaw` and `$executeRaw` tagged templates, every value a bound parameter,
// so a function written against `RawSql` runs in Prisma's transactions too. Values are strings, numbers, bigints,
// booleans, null and Dates, passed as Prisma passes them; anything else (a `Prisma.sql` fragment, an object to be
// stored as JSON) is refused, since Prisma would expand or serialise it and this would not. Rows come back as
// `$queryRaw` returns them for integers, booleans, text and timestamps (64-bit integers as bigint, timestamps as
// Date); other column types come as the driver gives them.
//
// Time limits are Prisma's for its own transactions (client.ts): a transaction not begun within `maxWaitMs` (the
// SQLite queue, the PostgreSQL pool) fails as Prisma's P2028 does, and one still open after `timeoutMs` is rolled
// back and its connection freed; its next statement, or its end, then fails the same way.
import {
  ColumnTypeEnum,
  type Transaction,
  type ArgType,
  type SqlDriverAdapter,
  type SqlDriverAdapterFactory,
  type SqlQuery,
  type SqlQueryable,
  type SqlResultSet,
} from '@prisma/driver-adapter-utils'
import { dbFaultOf, markDbFault } from './faults'
import { wrappingAdapter } from './wrapping-adapter'

/** The raw-statement part of Prisma's client and transaction client, which both it and driverTransaction offer. */
export interface RawSql {
  $queryRaw<T = unknown>(query: TemplateStringsArray, ...values: unknown[]): Promise<T>
  $executeRaw(query: TemplateStringsArray, ...values: unknown[]): Promise<number>
}

/** Holds the connection a client's adapter factory made, once the client has connected. */
export interface DriverConnection {
  adapter?: SqlDriverAdapter
}

/** The factory, remembering in `into` each connection it makes (the outermost wrapper: what Prisma itself calls). */
export function rememberingConnection(
  factory: SqlDriverAdapterFactory,
  into: DriverConnection,
): SqlDriverAdapterFactory {
  return wrappingAdapter(factory, (connection) => {
    into.adapter = connection as unknown as SqlDriverAdapter
    return connection
  })
}

const ARG = (scalarType: ArgType['scalarType']): ArgType => ({ scalarType, arity: 'scalar' })
const ARGS = {
  string: ARG('string'),
  number: ARG('decimal'),
  bigint: ARG('bigint'),
  date: ARG('datetime'),
  other: ARG('unknown'),
}

/** The value and type Prisma's client sends for a `$queryRaw` value (numbers as decimal, booleans untyped). */
function argOf(value: unknown): [unknown, ArgType] {
  if (value === undefined || value === null) return [null, ARGS.other]
  if (typeof value === 'string') return [value, ARGS.string]
  if (typeof value === 'number') return [value, ARGS.number]
  if (typeof value === 'bigint') return [value.toString(), ARGS.bigint]
  if (typeof value === 'boolean') return [value, ARGS.other]
  if (value instanceof Date) return [value, ARGS.date]
  throw new TypeError(`a driver statement binds strings, numbers, booleans, null and dates, not ${typeof value}`)
}

/**
 * `column ${inIds(ids)}`: the column is one of a list of integer ids (safe integers, else a RangeError), bound as
 * one value, so the statement's text stays the same whatever the list (prepared once, kept by sqlite-statements.ts) and a list of 600 ids costs no
 * more to parse than one. SQLite reads it as a JSON array (`IN (SELECT value FROM json_each(?))`), PostgreSQL as an
 * integer array (`= ANY(CAST($1 AS integer[]))`, a probe of the column's index per id). Driver statements only:
 * Prisma's own client would bind the object as JSON.
 */
export class IdList {
  readonly ids: readonly number[]
  constructor(ids: readonly number[]) {
    // Integers only: nothing but digits and signs reaches the bound text, and no NaN or 1e+21 that one database
    // would read as nothing and the other refuse.
    for (const id of ids) {
      if (!Number.isSafeInteger(id)) throw new RangeError(`an id list holds integers, not ${String(id)}`)
    }
    this.ids = ids
  }
}

export const inIds = (ids: readonly number[]) => new IdList(ids)

/** Constant SQL text shared by statements (a column list), written in as it is: never a value. */
export class SqlText {
  constructor(readonly text: string) {}
}

export const sqlText = (text: string) => new SqlText(text)

/** A tagged template as the driver's statement: `?` placeholders on SQLite, `$1 … $n` on PostgreSQL. */
export function statementOf(provider: string, strings: TemplateStringsArray, values: unknown[]): SqlQuery {
  let sql = strings[0]
  const args: unknown[] = []
  const argTypes: ArgType[] = []
  const postgres = provider === 'postgres'
  values.forEach((value, i) => {
    const placeholder = postgres ? `$${args.length + 1}` : '?'
    if (value instanceof SqlText) {
      sql += value.text
    } else if (value instanceof IdList) {
      args.push(postgres ? `{${value.ids.join(',')}}` : `[${value.ids.join(',')}]`)
      argTypes.push(ARGS.string)
      // Spaced from the column name even when the template leaves none (`id${inIds(…)}`).
      if (!/\s$/.test(sql)) sql += ' '
      sql += postgres ? `= ANY(CAST(${placeholder} AS integer[]))` : `IN (SELECT value FROM json_each(${placeholder}))`
    } else {
      const [arg, type] = argOf(value)
      args.push(arg)
      argTypes.push(type)
      sql += placeholder
    }
    sql += strings[i + 1]
  })
  return { sql, args, argTypes }
}

/** A stored timestamp: SQLite's own CURRENT_TIMESTAMP text has no zone and is UTC, as Prisma reads it. */
function timestampOf(value: unknown): Date {
  if (typeof value !== 'string') return new Date(value as number)
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value.replace(' ', 'T')}Z`)
}

function valueOf(value: unknown, type: number): unknown {
  if (value === null) return null
  if (type === ColumnTypeEnum.Int64) return BigInt(value as number | string)
  if (type === ColumnTypeEnum.Boolean) return typeof value === 'boolean' ? value : Number(value) !== 0
  if (type === ColumnTypeEnum.DateTime) return timestampOf(value)
  return value
}

/** Rows as objects keyed by column name, their values converted as `$queryRaw` converts them (see the top). */
export function rowsOf(result: SqlResultSet): Record<string, unknown>[] {
  const { columnNames, columnTypes } = result
  return result.rows.map((row) => {
    const out: Record<string, unknown> = {}
    for (let i = 0; i < columnNames.length; i++) out[columnNames[i]] = valueOf(row[i], columnTypes[i])
    return out
  })
}

/** Plain statements on a connection or transaction of the adapter; `check` runs before each (a closed transaction). */
export function driverSql(queryable: SqlQueryable, check = () => {}): RawSql {
  const { provider } = queryable
  return {
    $queryRaw: async <T>(strings: TemplateStringsArray, ...values: unknown[]) => {
      check()
      return rowsOf(await queryable.queryRaw(statementOf(provider, strings, values))) as T
    },
    $executeRaw: async (strings: TemplateStringsArray, ...values: unknown[]) => {
      check()
      return queryable.executeRaw(statementOf(provider, strings, values))
    },
  }
}

export interface TransactionLimits {
  /** How long the transaction may wait to begin. */
  maxWaitMs: number
  /** How long it may stay open. */
  timeoutMs: number
}

/** Prisma's P2028, which lib/db/faults.ts reads as load (503), not as an outage. */
export class TransactionTimeoutError extends Error {
  readonly code = 'P2028'
  constructor(what: string) {
    super(`transaction timeout: ${what}`)
    markDbFault(this, dbFaultOf(this)!)
  }
}

/** A statement without parameters (transaction control, a pragma). */
export const bareStatement = (sql: string): SqlQuery => ({ sql, args: [], argTypes: [] })

/** Rolls back and frees the connection; a failure here must not hide the error that ended the transaction. */
async function abandon(tx: Transaction): Promise<void> {
  try {
    await tx.executeRaw(bareStatement('ROLLBACK'))
  } catch {
    // The connection is freed below either way (on PostgreSQL a connection that failed is dropped by the fault watch).
  } finally {
    await tx.rollback().catch(() => {})
  }
}

/** COMMIT, or ROLLBACK; a failed COMMIT is rolled back too before the connection is freed. */
async function finish(tx: Transaction, commit: boolean): Promise<void> {
  if (!commit) return abandon(tx)
  try {
    await tx.executeRaw(bareStatement('COMMIT'))
  } catch (err) {
    await abandon(tx)
    throw err
  }
  await tx.commit()
}

/** The adapter's transaction, or P2028 after `ms`; one that begins later is rolled back at once. */
async function begin(adapter: SqlDriverAdapter, ms: number): Promise<Transaction> {
  const starting = adapter.startTransaction()
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TransactionTimeoutError(`not begun within ${ms} ms`)), ms)
  })
  try {
    return await Promise.race([starting, late])
  } catch (err) {
    if (err instanceof TransactionTimeoutError) starting.then(abandon, () => {})
    throw err
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Runs `work` in one transaction on the adapter, as Prisma's client does: the adapter begins it, COMMIT or
 * ROLLBACK is sent as a statement, then the adapter frees the connection, within `limits`.
 */
export async function driverTransaction<T>(
  adapter: SqlDriverAdapter,
  work: (tx: RawSql) => Promise<T>,
  limits: TransactionLimits,
): Promise<T> {
  const tx = await begin(adapter, limits.maxWaitMs)
  let ended: Promise<void> | undefined
  const end = (commit: boolean) => (ended ??= finish(tx, commit))
  let expired = false
  const timeout = () => new TransactionTimeoutError(`open for more than ${limits.timeoutMs} ms`)
  const timer = setTimeout(() => {
    expired = true
    end(false).catch(() => {})
  }, limits.timeoutMs)
  try {
    const result = await work(
      driverSql(tx, () => {
        if (expired) throw timeout()
      }),
    )
    if (expired) throw timeout()
    await end(true)
    return result
  } catch (err) {
    await end(false).catch(() => {})
    throw expired ? timeout() : err
  } finally {
    clearTimeout(timer)
  }
}
