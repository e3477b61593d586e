// At most 100 live non-sticky threads per board: beyond that the least recently bumped ones die.
// Callers hold the board lock (thread creation, unsticky, housekeeping).
import type { Tx } from '../db/locks'
import { MAX_THREADS_PER_BOARD } from '../limits'

export interface DiedThread {
  threadId: number
  boardId: string
  diedAt: string
}

export async function applyThreadCap(tx: Tx, boardId: string, now: Date): Promise<DiedThread[]> {
  const where = { boardId, isDead: false, isSticky: false }
  const excess = (await tx.thread.count({ where })) - MAX_THREADS_PER_BOARD
  if (excess <= 0) return []
  const victims = await tx.thread.findMany({
    where,
    orderBy: [{ updatedAt: 'asc' }, { id: 'asc' }],
    take: excess,
    select: { id: true },
  })
  await tx.thread.updateMany({ where: { id: { in: victims.map((v) => v.id) } }, data: { isDead: true, diedAt: now } })
  return victims.map((v) => ({ threadId: v.id, boardId, diedAt: now.toISOString() }))
}
