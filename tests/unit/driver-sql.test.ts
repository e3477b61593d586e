// The driver statements' SQL, values and rows (lib/db/driver-sql.ts): what Prisma's `$queryRaw` would send and give.
import { ColumnTypeEnum } from '@prisma/driver-adapter-utils'
import { describe, expect, it } from 'vitest'
import { inIds, rowsOf, sqlText, statementOf } from '@/lib/db/driver-sql'

const sql = (strings: TemplateStringsArray, ...values: unknown[]) => ({ strings, values })

describe('statementOf', () => {
  it('numbers PostgreSQL placeholders and writes ? on SQLite, with the argument types Prisma sends', () => {
    const when = new Date('2026-01-02T03:04:05.678Z')
    const { strings, values } =
      sql`UPDATE t SET a = ${'x'}, b = ${2}, c = ${3n}, d = ${true}, e = ${null}, f = ${when} WHERE g = ${undefined}`
    const pg = statementOf('postgres', strings, values)
    expect(pg.sql).toBe('UPDATE t SET a = $1, b = $2, c = $3, d = $4, e = $5, f = $6 WHERE g = $7')
    expect(statementOf('sqlite', strings, values).sql).toBe(
      'UPDATE t SET a = ?, b = ?, c = ?, d = ?, e = ?, f = ? WHERE g = ?',
    )
    expect(pg.args).toEqual(['x', 2, '3', true, null, when, null])
    expect(pg.argTypes.map((t) => t.scalarType)).toEqual([
      'string',
      'decimal',
      'bigint',
      'unknown',
      'unknown',
      'datetime',
      'unknown',
    ])
  })

  it('binds a list of ids as one value: a JSON array on SQLite, an integer array on PostgreSQL, integers only', () => {
    const { strings, values } = sql`SELECT id FROM posts WHERE thread_id = ${7} AND id ${inIds([3, 1, -2])}`
    expect(statementOf('sqlite', strings, values)).toMatchObject({
      sql: 'SELECT id FROM posts WHERE thread_id = ? AND id IN (SELECT value FROM json_each(?))',
      args: [7, '[3,1,-2]'],
    })
    expect(statementOf('sqlite', strings, values).argTypes.map((t) => t.scalarType)).toEqual(['decimal', 'string'])
    expect(statementOf('postgres', strings, values)).toMatchObject({
      sql: 'SELECT id FROM posts WHERE thread_id = $1 AND id = ANY(CAST($2 AS integer[]))',
      args: [7, '{3,1,-2}'],
    })
    const none = sql`SELECT 1 WHERE id${inIds([])}`
    expect(statementOf('sqlite', none.strings, none.values)).toMatchObject({
      sql: 'SELECT 1 WHERE id IN (SELECT value FROM json_each(?))',
      args: ['[]'],
    })
    expect(statementOf('postgres', none.strings, none.values).args).toEqual(['{}'])
    for (const bad of [1.5, Number.NaN, Infinity, 1e21]) expect(() => inIds([1, bad])).toThrow(RangeError)
  })

  it('writes shared constant text in as it is, numbering the placeholders after it from one', () => {
    const { strings, values } = sql`SELECT ${sqlText('a, b')} FROM t WHERE c = ${1} AND d = ${'x'}`
    expect(statementOf('postgres', strings, values)).toMatchObject({
      sql: 'SELECT a, b FROM t WHERE c = $1 AND d = $2',
      args: [1, 'x'],
    })
    expect(statementOf('sqlite', strings, values).sql).toBe('SELECT a, b FROM t WHERE c = ? AND d = ?')
  })

  it('refuses values Prisma would expand or serialise (fragments, JSON objects, lists)', () => {
    for (const value of [{ sql: 'x', values: [] }, [1, 2], { a: 1 }]) {
      const { strings, values } = sql`SELECT ${value}`
      expect(() => statementOf('sqlite', strings, values)).toThrow(TypeError)
    }
  })
})

describe('rowsOf', () => {
  it('gives 64-bit integers as bigint, booleans as booleans and timestamps as UTC dates', () => {
    const rows = rowsOf({
      columnNames: ['id', 'n', 'dead', 'live', 'at', 'bare', 'text'],
      columnTypes: [
        ColumnTypeEnum.Int64,
        ColumnTypeEnum.Int32,
        ColumnTypeEnum.Boolean,
        ColumnTypeEnum.Boolean,
        ColumnTypeEnum.DateTime,
        ColumnTypeEnum.DateTime,
        ColumnTypeEnum.Text,
      ],
      rows: [
        [7, 3, 0, true, '2026-01-02T03:04:05.678+00:00', '2026-01-02 03:04:05', 'hi'],
        [null, null, 1, null, null, null, null],
      ],
    })
    expect(rows[0]).toEqual({
      id: 7n,
      n: 3,
      dead: false,
      live: true,
      at: new Date('2026-01-02T03:04:05.678Z'),
      bare: new Date('2026-01-02T03:04:05Z'),
      text: 'hi',
    })
    expect(rows[1]).toEqual({ id: null, n: null, dead: true, live: null, at: null, bare: null, text: null })
  })
})
