// Prepared statements kept per SQL text on the SQLite connection. Prisma's better-sqlite3 adapter prepares every
// statement anew (`client.prepare(sql).bind(args)`), so each query pays SQLite's parse and plan again, and for the
// posts INSERT that includes compiling its search-index trigger: about a tenth of a reply's database CPU. Here the
// adapter's `prepare` hands out a view of a statement prepared once. A better-sqlite3 statement can be bound only
// once, so the view keeps the adapter's arguments and passes them to every run instead of binding them.
//
// Safe to share because better-sqlite3 is synchronous: a statement runs to completion (`run`, `all`) before any other
// JavaScript does, so no two callers use it at once. SQLite re-prepares a kept statement by itself when the schema
// changes under it. Statements whose text differs per call (ids written into an IN list) pass through the cache and
// are dropped in least-recently-used order, so it never holds more than STATEMENT_CACHE_SIZE.

/** The part of a better-sqlite3 statement the adapter uses. */
export interface SqliteStatement {
  readonly reader: boolean
  run(params?: unknown[]): unknown
  all(params?: unknown[]): unknown[]
  raw(on?: boolean): SqliteStatement
  columns(): unknown[]
}

export interface PreparingClient {
  /** The database file as opened (better-sqlite3's `name`). */
  readonly name?: string
  prepare(sql: string): SqliteStatement
}

/** A reply prepares 6 texts, a page about 10; the rest is room for staff and housekeeping statements. */
export const STATEMENT_CACHE_SIZE = 200

/**
 * What the adapter gets back from `prepare`: `bind`, which keeps the arguments (the adapter binds every statement it
 * runs; its parameterless BEGIN is answered before the cache, sqlite-serialized.ts).
 */
function view(stmt: SqliteStatement) {
  return {
    bind: (args: unknown[]) => ({
      reader: stmt.reader,
      columns: () => stmt.columns(),
      run: () => stmt.run(args),
      // The adapter reads rows as arrays; raw mode stays on, since nothing else reads this statement's rows.
      raw: () => ({ all: () => stmt.raw(true).all(args) }),
    }),
  }
}

/** Makes `client.prepare` reuse statements per SQL text (at most `size` of them); returns how many are kept. */
export function keepPreparedStatements(client: PreparingClient, size = STATEMENT_CACHE_SIZE): () => number {
  const prepare = client.prepare.bind(client)
  const kept = new Map<string, SqliteStatement>()
  client.prepare = (sql: string) => {
    let stmt = kept.get(sql)
    if (stmt)
      kept.delete(sql) // re-inserted below: a Map iterates in insertion order, so the oldest use is first
    else {
      stmt = prepare(sql)
      if (kept.size >= size) kept.delete(kept.keys().next().value!)
    }
    kept.set(sql, stmt)
    return view(stmt) as unknown as SqliteStatement
  }
  return () => kept.size
}
