// Plain statements run straight on the driver adapter Prisma's client connected (the same connection, queue, pool,
// fault watch and statement count), for the hottest write: a reply. Through the client, each `$queryRaw` costs
// ≈ 50 µs of CPU before the driver sees it and an interactive transaction ≈ 150 µs more (its manager, timers and
// the transaction client it builds); on the adapter the same transaction of three statements costs ≈ 70 µs in all.
//
// What callers write is unchanged: `$queryRaw` and `$executeRaw` tagged templates, every value a bound parameter,
// so a function written against `RawSql` runs in Prisma's transactions too. Values are passed as Prisma passes them
// (a Date as a timestamp, a boolean as 1/0 on SQLite), and rows come back as `$queryRaw` returns them for the
// columns read here: 64-bit integers as bigint, timestamps as Date, the rest as the driver gives them.
//
// Bounds: on SQLite the transaction waits in the connection's queue (sqlite-serialized.ts) behind transactions that
// are themselves bounded, and its statements run synchronously; on PostgreSQL the pool's connection wait and every
// statement have their time limits (client.ts). A transaction's callback must await only its statements.
import {
  ColumnTypeEnum,
  type ArgType,
  type SqlDriverAdapter,
  type SqlDriverAdapterFactory,
  type SqlQuery,
  type SqlQueryable,
  type SqlResultSet,
} from '@prisma/driver-adapter-utils'

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
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    async connect() {
      return (into.adapter = await factory.connect())
    },
  }
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
  if (value instanceof Date) return [value, ARGS.date]
  return [value, ARGS.other]
}

/** A tagged template as the driver's statement: `?` placeholders on SQLite, `$1 … $n` on PostgreSQL. */
export function statementOf(provider: string, strings: TemplateStringsArray, values: unknown[]): SqlQuery {
  let sql = strings[0]
  const args: unknown[] = []
  const argTypes: ArgType[] = []
  values.forEach((value, i) => {
    const [arg, type] = argOf(value)
    args.push(arg)
    argTypes.push(type)
    sql += (provider === 'postgres' ? `$${i + 1}` : '?') + strings[i + 1]
  })
  return { sql, args, argTypes }
}

/** Rows as objects keyed by column name; 64-bit integers as bigint and timestamps as Date, as `$queryRaw` has them. */
export function rowsOf(result: SqlResultSet): Record<string, unknown>[] {
  const { columnNames, columnTypes } = result
  return result.rows.map((row) => {
    const out: Record<string, unknown> = {}
    for (let i = 0; i < columnNames.length; i++) {
      const value = row[i]
      const type = columnTypes[i]
      out[columnNames[i]] =
        value === null
          ? null
          : type === ColumnTypeEnum.Int64
            ? BigInt(value as number | string)
            : type === ColumnTypeEnum.DateTime
              ? new Date(value as string)
              : value
    }
    return out
  })
}

/** Plain statements on a connection or transaction of the adapter. */
export function driverSql(queryable: SqlQueryable): RawSql {
  const { provider } = queryable
  return {
    $queryRaw: async <T>(strings: TemplateStringsArray, ...values: unknown[]) =>
      rowsOf(await queryable.queryRaw(statementOf(provider, strings, values))) as T,
    $executeRaw: (strings: TemplateStringsArray, ...values: unknown[]) =>
      queryable.executeRaw(statementOf(provider, strings, values)),
  }
}

const control = (sql: string): SqlQuery => ({ sql, args: [], argTypes: [] })

/**
 * Runs `work` in one transaction on the adapter, as Prisma's client does: the adapter begins it, COMMIT or
 * ROLLBACK is sent as a statement, then the adapter releases the connection. A failed COMMIT is rolled back too,
 * so the connection never stays inside the transaction.
 */
export async function driverTransaction<T>(adapter: SqlDriverAdapter, work: (tx: RawSql) => Promise<T>): Promise<T> {
  const tx = await adapter.startTransaction()
  let result: T
  try {
    result = await work(driverSql(tx))
    await tx.executeRaw(control('COMMIT'))
  } catch (err) {
    try {
      await tx.executeRaw(control('ROLLBACK'))
    } catch {
      // The error that ended the transaction is the one to report; the connection is released below either way.
    } finally {
      await tx.rollback()
    }
    throw err
  }
  await tx.commit()
  return result
}
