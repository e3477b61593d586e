// Which database failures are outages rather than bugs. A failure is "unavailable" when the database cannot be
// reached, drops the connection or does not answer in time (the request may succeed later: 503), and "full" when
// a write failed because the database's disk is full (507). Anything else is a real error (500).
// Prisma wraps driver errors a few levels deep (its own P-codes, the driver adapter's error kinds, and the
// driver's error as a cause), so every level is looked at.

export interface DbFault {
  kind: 'unavailable' | 'full'
  /** A short name for the log: ECONNREFUSED, query timeout, SQLITE_FULL, … */
  reason: string
  /** The server answered, it was only slow (statement timeout): the database as a whole is not down. */
  slowQuery?: boolean
}

// Prisma's codes: can't reach the server, timed out, operations timed out, connection closed, no pooled
// connection in time, transaction timed out or closed.
const PRISMA_UNAVAILABLE: Record<string, string> = {
  P1001: 'server unreachable',
  P1002: 'connect timeout',
  P1008: 'timeout',
  P1017: 'connection closed',
  P2024: 'connection pool timeout',
  P2028: 'transaction timeout',
}
// The driver adapters' error kinds for connection trouble (SQLITE_BUSY also arrives as SocketTimeout).
const ADAPTER_UNAVAILABLE = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections'])
const ADAPTER_REASONS: Record<string, string> = {
  DatabaseNotReachable: 'server unreachable',
  ConnectionClosed: 'connection closed',
  SocketTimeout: 'timeout',
}
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
])
// Socket errors are the innermost level of a failed connection: name them as the levels above do.
const SOCKET_REASONS: Record<string, string> = {
  ECONNREFUSED: 'server unreachable',
  ENOTFOUND: 'server unreachable',
  ECONNRESET: 'connection closed',
  EPIPE: 'connection closed',
}
// pg's own client-side failures carry no code, only a message.
const PG_MESSAGES: [RegExp, string][] = [
  [/Query read timeout/, 'query timeout'],
  [/timeout exceeded when trying to connect|Connection terminated due to connection timeout/, 'connect timeout'],
  [/Connection terminated|Client has encountered a connection error|Connection ended/, 'connection closed'],
]

function postgresFault(code: string): DbFault | undefined {
  if (code === '57014') return { kind: 'unavailable', reason: 'statement timeout', slowQuery: true }
  // admin shutdown, crash shutdown, starting up; connection exceptions; too many connections; idle transaction ended
  if (/^57P0[123]$/.test(code) || /^08/.test(code) || code === '53300' || code === '25P03')
    return { kind: 'unavailable', reason: `PostgreSQL ${code}` }
  if (code === '53100') return { kind: 'full', reason: 'PostgreSQL 53100 disk full' }
  return undefined
}

function sqliteFault(code: string): DbFault | undefined {
  if (code === 'SQLITE_FULL' || code === 'SQLITE_IOERR_WRITE' || code === 'SQLITE_IOERR_FSYNC')
    return { kind: 'full', reason: code }
  if (code.startsWith('SQLITE_BUSY')) return { kind: 'unavailable', reason: code, slowQuery: true }
  return undefined
}

function faultOfCode(code: string): DbFault | undefined {
  // Waiting for a pooled connection or a transaction slot is a sign of load, not of an outage.
  if (code === 'P2024' || code === 'P2028')
    return { kind: 'unavailable', reason: PRISMA_UNAVAILABLE[code], slowQuery: true }
  if (code in PRISMA_UNAVAILABLE) return { kind: 'unavailable', reason: PRISMA_UNAVAILABLE[code] }
  if (SOCKET_CODES.has(code)) return { kind: 'unavailable', reason: SOCKET_REASONS[code] ?? code }
  if (code.startsWith('SQLITE_')) return sqliteFault(code)
  if (/^[0-9A-Z]{5}$/.test(code)) return postgresFault(code)
  return undefined
}

function faultOfLevel(o: Record<string, unknown>): DbFault | undefined {
  // Refused at once by lib/db/fault-watch.ts during a known outage.
  if (o.code === 'CORKBOARD_DB_DOWN') {
    const reason = typeof o.reason === 'string' ? o.reason : /\(([^)]*)\)$/.exec(String(o.message))?.[1]
    return { kind: 'unavailable', reason: reason ?? 'outage' }
  }
  // SQLite's errors carry the extended code as originalCode beside the primary one.
  for (const code of [o.originalCode, o.code]) {
    const fault = typeof code === 'string' ? faultOfCode(code) : undefined
    if (fault) return fault
  }
  if (typeof o.kind === 'string' && ADAPTER_UNAVAILABLE.has(o.kind))
    return { kind: 'unavailable', reason: ADAPTER_REASONS[o.kind] ?? o.kind }
  if (typeof o.message === 'string') {
    const hit = PG_MESSAGES.find(([re]) => re.test(o.message as string))
    if (hit) return { kind: 'unavailable', reason: hit[1] }
  }
  return undefined
}

/**
 * The outage a thrown error stands for, or undefined when it is an ordinary error. The innermost level that
 * names one wins: it is the most precise, and the same failure then has the same reason whether it is seen by
 * the driver wrapper or in a route's error.
 */
export function dbFaultOf(err: unknown): DbFault | undefined {
  const seen = new Set<unknown>()
  const queue: unknown[] = [err]
  let found: DbFault | undefined
  while (queue.length && seen.size < 12) {
    const e = queue.shift()
    if (!e || typeof e !== 'object' || seen.has(e)) continue
    seen.add(e)
    const o = e as Record<string, unknown>
    found = faultOfLevel(o) ?? found
    const meta = o.meta as Record<string, unknown> | undefined
    queue.push(o.cause, meta?.driverAdapterError)
  }
  return found
}

// Errors seen failing a database call are marked by the driver wrapper (lib/db/fault-watch.ts), so a socket error
// of another client (Redis, S3) is never taken for a database outage.
const SEEN = Symbol.for('corkboard.db-fault')

export function markDbFault(err: unknown, fault: DbFault): void {
  if (err && typeof err === 'object' && Object.isExtensible(err)) Object.defineProperty(err, SEEN, { value: fault })
}

/**
 * The database outage behind an error thrown by domain code: one the driver wrapper marked (the error itself or
 * one it wraps), or one of Prisma's own (waiting for a connection or a transaction never reaches the driver).
 */
export function databaseFaultOf(err: unknown): DbFault | undefined {
  let e: unknown = err
  for (let depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    const marked = (e as { [SEEN]?: DbFault })[SEEN]
    if (marked) return marked
    const o = e as { meta?: { driverAdapterError?: { [SEEN]?: DbFault } }; cause?: unknown }
    if (o.meta?.driverAdapterError?.[SEEN]) return o.meta.driverAdapterError[SEEN]
    e = o.cause
  }
  return err instanceof Error && err.name.startsWith('PrismaClient') ? dbFaultOf(err) : undefined
}
