// Which errors are database outages (503), full disks (507) or ordinary errors (500). The shapes are those the
// drivers and Prisma throw (see tests/integration/fault-database.test.ts for the real faults).
import { describe, expect, it } from 'vitest'
import { databaseFaultOf, dbFaultOf, markDbFault } from '@/lib/db/faults'

const withCode = (message: string, code: string, extra: object = {}) =>
  Object.assign(new Error(message), { code, ...extra })

describe('dbFaultOf', () => {
  it.each([
    [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED', { syscall: 'connect', errno: -111 }),
      'unavailable',
      'server unreachable',
    ],
    [new Error('Connection terminated unexpectedly'), 'unavailable', 'connection closed'],
    [new Error('Query read timeout'), 'unavailable', 'query timeout'],
    [new Error('timeout exceeded when trying to connect'), 'unavailable', 'connect timeout'],
    [
      withCode('terminating connection due to administrator command', '57P01', { severity: 'FATAL' }),
      'unavailable',
      'PostgreSQL 57P01',
    ],
    [
      Object.assign(new Error('DatabaseNotReachable'), { cause: { kind: 'DatabaseNotReachable', host: '127.0.0.1' } }),
      'unavailable',
      'server unreachable',
    ],
    [
      Object.assign(new Error('database or disk is full'), {
        cause: { kind: 'sqlite', originalCode: 'SQLITE_FULL', extendedCode: 13 },
      }),
      'full',
      'SQLITE_FULL',
    ],
    [
      Object.assign(new Error('disk I/O error'), { cause: { kind: 'sqlite', originalCode: 'SQLITE_IOERR_WRITE' } }),
      'full',
      'SQLITE_IOERR_WRITE',
    ],
  ])('%s → %s (%s)', (err, kind, reason) => {
    expect(dbFaultOf(err)).toMatchObject({ kind, reason })
  })

  it('takes statement timeouts and SQLite busy for slow queries, not for a database that is down', () => {
    expect(
      dbFaultOf(withCode('canceling statement due to statement timeout', '57014', { severity: 'ERROR' })),
    ).toMatchObject({ kind: 'unavailable', slowQuery: true })
    expect(
      dbFaultOf(
        Object.assign(new Error('SocketTimeout'), { cause: { kind: 'SocketTimeout', originalCode: 'SQLITE_BUSY' } }),
      ),
    ).toMatchObject({ reason: 'SQLITE_BUSY', slowQuery: true })
  })

  it.each([
    withCode('Unique constraint failed', 'P2002'),
    withCode('duplicate key value violates unique constraint', '23505', { severity: 'ERROR' }),
    Object.assign(new Error('UNIQUE constraint failed'), {
      cause: { kind: 'UniqueConstraintViolation', originalCode: 'SQLITE_CONSTRAINT_UNIQUE' },
    }),
    new Error('something else'),
  ])('leaves ordinary errors alone: %s', (err) => {
    expect(dbFaultOf(err)).toBeUndefined()
  })
})

describe('databaseFaultOf', () => {
  it('only counts errors that failed a database call: a Redis ECONNREFUSED is not a database outage', () => {
    const redis = withCode('connect ECONNREFUSED 127.0.0.1:6379', 'ECONNREFUSED', { syscall: 'connect', errno: -111 })
    expect(databaseFaultOf(redis)).toBeUndefined()
    const pg = withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED', { syscall: 'connect', errno: -111 })
    markDbFault(pg, dbFaultOf(pg)!)
    expect(databaseFaultOf(pg)).toMatchObject({ kind: 'unavailable' })
    expect(databaseFaultOf(Object.assign(new Error('wrapped'), { cause: pg }))).toMatchObject({ kind: 'unavailable' })
  })

  it("recognises Prisma's own timeouts, which never reach the driver", () => {
    const err = withCode('Transaction API error: Unable to start a transaction in the given time.', 'P2028')
    err.name = 'PrismaClientKnownRequestError'
    expect(databaseFaultOf(err)).toMatchObject({ kind: 'unavailable', reason: 'transaction timeout' })
  })
})
