// Setting and removing sticky: logged, live to both rooms; removing it re-applies the thread
// cap, which may kill threads.
import { assertCanModerate, type Staff } from '../auth/staff'
import { getBoardOrThrow } from '../boards/queries'
import { getDb } from '../db/client'
import { lockRow } from '../db/locks'
import { ConflictError, NotFoundError } from '../errors'
import { publish } from '../events/bus'
import { logAction } from '../staff/action-log'
import { applyThreadCap } from '../threads/thread-cap'
import { toPublicThread } from '../threads/types'

export async function setSticky(staff: Staff, boardId: string, threadId: number, isSticky: boolean) {
  await getBoardOrThrow(boardId)
  assertCanModerate(staff, boardId)
  const db = await getDb()
  const { thread, died } = await db.$transaction(async (tx) => {
    await lockRow(tx, 'boards', boardId)
    const current = await tx.thread.findUnique({ where: { id: threadId } })
    if (!current || current.boardId !== boardId) throw new NotFoundError('Thread not found')
    if (current.isDead) throw new ConflictError('Cannot change sticky status of archived threads')
    if (current.isSticky === isSticky)
      throw new ConflictError(isSticky ? 'Thread is already sticky' : 'Thread is not sticky')
    const thread = await tx.thread.update({ where: { id: threadId }, data: { isSticky } })
    await logAction(tx, { actionType: 'sticky_changed', staff, boardId, threadId, details: { is_sticky: isSticky } })
    const died = isSticky ? [] : await applyThreadCap(tx, boardId, new Date())
    return { thread, died }
  })
  publish(
    { name: 'thread_sticky_updated', payload: { threadId, boardId, isSticky } },
    ...died.map((d) => ({ name: 'thread_died' as const, payload: d })),
  )
  return toPublicThread(thread)
}
