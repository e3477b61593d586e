// Deciding appeals and lifting bans: approve lifts the ban, deny keeps it, remove
// lifts it; the note is kept as decision_reason (the ban's own reason never changes) and logged.
import type { Staff } from '../auth/staff'
import { getDb } from '../db/client'
import { ConflictError, ForbiddenError } from '../errors'
import { assertMayBan } from './ban-rules'
import { getBanForStaff } from './queries'
import type { BanUpdate } from './schemas'
import { toBanDto } from './types'
import { publish } from '../events/bus'
import { logAction } from '../staff/action-log'

type StaffBan = Awaited<ReturnType<typeof getBanForStaff>>

/** The ban the caller may change (404 outside their scope, 403 for a global ban unless admin), checked before the body. */
export async function banToUpdate(staff: Staff, banId: number): Promise<StaffBan> {
  const ban = await getBanForStaff(staff, banId)
  if (ban.boardId === null && staff.role !== 'admin') throw new ForbiddenError('Not authorized to moderate this board')
  return ban
}

export async function updateBan(staff: Staff, ban: StaffBan, input: BanUpdate) {
  const banId = ban.id
  const note = input.reason
  const decision = input.appeal_status
  const hasExpiry = input.expires_at !== undefined

  const db = await getDb()
  const now = new Date()
  const updated = await db.$transaction(async (tx) => {
    if (decision) {
      // Atomic: only a ban whose appeal is still pending is decided.
      const { count } = await tx.ban.updateMany({
        where: { id: banId, appealStatus: 'pending' },
        data: {
          appealStatus: decision,
          isActive: decision === 'approved' ? false : ban.isActive,
          decisionReason: note || (decision === 'approved' ? 'Appeal approved' : 'Appeal denied'),
          decidedAt: now,
        },
      })
      if (!count) throw new ConflictError('No pending appeal')
      await logAction(tx, {
        actionType: 'appeal_response',
        staff,
        boardId: ban.boardId,
        banId,
        ipAddress: ban.ipAddress,
        reason: note || (decision === 'approved' ? 'Appeal approved' : 'Appeal denied'),
        details: { appeal_status: decision },
      })
    } else if (input.is_active === false) {
      if (!ban.isActive) throw new ConflictError('Ban is not active')
      await tx.ban.update({
        where: { id: banId },
        data: { isActive: false, decisionReason: note || 'Ban removed', decidedAt: now },
      })
      await logAction(tx, {
        actionType: 'unbanned',
        staff,
        boardId: ban.boardId,
        banId,
        ipAddress: ban.ipAddress,
        reason: note || 'Ban removed',
      })
    } else if (input.is_active === true && !ban.isActive) {
      throw new ConflictError('Create a new ban instead')
    }
    if (hasExpiry && !decision && input.is_active !== false) {
      const expiresAt = input.expires_at ?? null
      assertMayBan(staff, ban.boardId, expiresAt, now)
      await tx.ban.update({ where: { id: banId }, data: { expiresAt } })
    }
    return tx.ban.findUniqueOrThrow({ where: { id: banId } })
  })
  publish({ name: 'bans_changed', payload: { boardId: updated.boardId, threadId: updated.threadId } })
  return toBanDto(updated, true)
}
