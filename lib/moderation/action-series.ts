// Moderation actions per UTC day and action type, for the chart on /admin/stats: an extra `byDay` field of
// GET /api/admin/actions/stats. Counted in the database (one GROUP BY on the day of created_at), so the cost does
// not grow with the number of actions, then zero-filled here so every listed type has an entry for every day.
import { join, raw, sqltag } from '@prisma/client/runtime/client'
import type { Staff } from '../auth/staff'
import { getConfig } from '../config'
import { getDb } from '../db/client'
import { DAY_MS } from '../time'
import type { ActionFilters } from './actions'

export interface DayCount {
  day: string
  action_type: string
  count: number
}

/** The series covers at most this many days, ending with the range's last day. */
export const SERIES_MAX_DAYS = 366

const dayOf = (t: Date) => t.toISOString().slice(0, 10)
const midnight = (t: Date) => new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate()))

/**
 * Counts per day in [start, end] (end defaults to now), within the caller's board scope and the board filter.
 * Without a start the series begins on the day of the first matching action. Days are UTC days, entries are
 * ordered by day, then action type; types without actions in the range are left out.
 */
export async function actionsPerDay(
  staff: Staff,
  f: Pick<ActionFilters, 'boardId' | 'start' | 'end'>,
  now = new Date(),
): Promise<DayCount[]> {
  const end = f.end ?? now
  const earliest = new Date(midnight(end).getTime() - (SERIES_MAX_DAYS - 1) * DAY_MS)
  const from = f.start && f.start > earliest ? f.start : earliest
  if (from > end) return []

  // Both engines keep created_at in UTC: SQLite as ISO text, PostgreSQL as timestamp(3) without time zone.
  const day =
    getConfig().database.provider === 'postgresql'
      ? raw(`to_char(created_at, 'YYYY-MM-DD')`)
      : raw('substr(created_at, 1, 10)')
  const conditions = [sqltag`created_at >= ${from}`, sqltag`created_at <= ${end}`]
  if (f.boardId) conditions.push(sqltag`board_id = ${f.boardId}`)
  // A moderator sees the boards assigned to them, as lib/staff/scope.ts scopeWhere: assigned boards plus global rows.
  if (staff.role !== 'admin' && staff.boards.length > 0)
    conditions.push(sqltag`(board_id IN (${join(staff.boards)}) OR board_id IS NULL)`)
  const db = await getDb()
  const rows = await db.$queryRaw<{ day: string; action_type: string; n: number | bigint }[]>`
    SELECT ${day} AS day, action_type, COUNT(*) AS n FROM moderation_actions
    WHERE ${join(conditions, ' AND ')}
    GROUP BY 1, 2`
  if (!rows.length) return []

  const counts = new Map(rows.map((r) => [`${r.day}|${r.action_type}`, Number(r.n)]))
  const types = [...new Set(rows.map((r) => r.action_type))].sort()
  const first = f.start ? dayOf(from) : rows.map((r) => r.day).sort()[0]
  const series: DayCount[] = []
  for (let t = Date.parse(`${first}T00:00:00Z`); t <= midnight(end).getTime(); t += DAY_MS) {
    const d = dayOf(new Date(t))
    for (const type of types) series.push({ day: d, action_type: type, count: counts.get(`${d}|${type}`) ?? 0 })
  }
  return series
}
