// A banned visitor's appeal: one per ban, for a ban that applies to them on this board and is
// in force. Not ban-checked (banned visitors must reach it). Logged as appeal_submitted without an admin.
import { inForce } from './types'
import { getBoardOrThrow } from '../boards/queries'
import { getDb } from '../db/client'
import { ConflictError, NotFoundError } from '../errors'
import { ipKey } from '../net/ip'
import { consume } from '../rate-limit/limits'
import { logAction } from '../staff/action-log'

/** The board must exist and the appeal rate limit be free before the appeal text is judged. */
export async function beforeAppeal(boardId: string, ip: string): Promise<void> {
  await getBoardOrThrow(boardId)
  await consume(ip, 'appeal')
}

export async function submitAppeal(boardId: string, banId: number, ip: string, text: string) {
  const db = await getDb()
  const ban = await db.ban.findUnique({ where: { id: banId } })
  // No hint that the id exists unless the ban is the caller's own, on this board (or global).
  if (!ban || (ban.boardId !== null && ban.boardId !== boardId) || ban.ipKey !== ipKey(ip))
    throw new NotFoundError('Ban not found')
  if (!inForce(ban)) throw new ConflictError('Ban is not active')
  await db.$transaction(async (tx) => {
    const { count } = await tx.ban.updateMany({
      where: { id: banId, appealStatus: null },
      data: { appealStatus: 'pending', appealText: text, appealSubmittedAt: new Date() },
    })
    if (!count) throw new ConflictError('Appeal already submitted')
    await logAction(tx, {
      actionType: 'appeal_submitted',
      staff: null,
      boardId: ban.boardId,
      banId,
      ipAddress: ban.ipAddress,
      reason: Array.from(text).slice(0, 500).join(''),
    })
  })
  return { message: 'Appeal submitted successfully', status: 'pending', appeal_status: 'pending' }
}
