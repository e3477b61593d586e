// Open reports per board, for the staff badge.
import { getDb } from '../db/client'

/** Open reports of each board that has any; `boardIds` limits the boards (undefined: every board). */
export async function openReportCounts(boardIds?: string[]): Promise<Record<string, number>> {
  const db = await getDb()
  const rows = await db.report.groupBy({
    by: ['boardId'],
    where: { dismissedAt: null, ...(boardIds ? { boardId: { in: boardIds } } : {}) },
    _count: { _all: true },
  })
  return Object.fromEntries(rows.map((r) => [r.boardId, r._count._all]))
}

/** The open reports of one board. */
export async function openReportCount(boardId: string): Promise<number> {
  const db = await getDb()
  return db.report.count({ where: { dismissedAt: null, boardId } })
}
