// Deciding appeals and lifting bans: approve lifts the ban, deny keeps it, remove
// lifts it; the note is kept as decision_reason (the ban's own reason never changes) and logged.
import { getDb } from '../db/client'
import { publish } from '../events/bus'
import { ConflictError, ForbiddenError, ValidationError } from '../errors'
import type { Staff } from '../auth/staff'
import { codePoints, normalizeText } from '../text/normalize'
import { logAction } from '../moderation/log'
import { REASON_MAX } from '../moderation/staff-delete'
import { assertMayBan, parseExpiry } from './ban-rules'
import { getBanForStaff } from './queries'
import { toBanDto } from './types'

export async function updateBan(staff: Staff, banId: number, body: unknown) {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>
  const ban = await getBanForStaff(staff, banId)
  if (ban.boardId === null && staff.role !== 'admin') throw new ForbiddenError('Not authorized to moderate this board')
  const note = normalizeText(b.reason)
  if (codePoints(note) > REASON_MAX) throw ValidationError.field('reason', `Reason must be ${REASON_MAX} characters or less`)
  const decision = b.appeal_status
  if (decision !== undefined && decision !== 'approved' && decision !== 'denied') throw ValidationError.field('appeal_status', 'appeal_status must be "approved" or "denied"')
  if (b.is_active !== undefined && typeof b.is_active !== 'boolean') throw ValidationError.field('is_active', 'is_active must be true or false')
  const hasExpiry = Object.prototype.hasOwnProperty.call(b, 'expires_at')
  if (decision === undefined && b.is_active === undefined && !hasExpiry) throw ValidationError.field('body', 'Nothing to change')

  const db = await getDb()
  const now = new Date()
  const updated = await db.$transaction(async (tx) => {
    if (decision) {
      // Atomic: only a ban whose appeal is still pending is decided.
      const { count } = await tx.ban.updateMany({
        where: { id: banId, appealStatus: 'pending' },
        data: { appealStatus: decision, isActive: decision === 'approved' ? false : ban.isActive, decisionReason: note || (decision === 'approved' ? 'Appeal approved' : 'Appeal denied'), decidedAt: now },
      })
      if (!count) throw new ConflictError('No pending appeal')
      await logAction(tx, { actionType: 'appeal_response', staff, boardId: ban.boardId, banId, ipAddress: ban.ipAddress,
        reason: note || (decision === 'approved' ? 'Appeal approved' : 'Appeal denied'), details: { appeal_status: decision } })
    } else if (b.is_active === false) {
      if (!ban.isActive) throw new ConflictError('Ban is not active')
      await tx.ban.update({ where: { id: banId }, data: { isActive: false, decisionReason: note || 'Ban removed', decidedAt: now } })
      await logAction(tx, { actionType: 'unbanned', staff, boardId: ban.boardId, banId, ipAddress: ban.ipAddress, reason: note || 'Ban removed' })
    } else if (b.is_active === true && !ban.isActive) {
      throw new ConflictError('Create a new ban instead')
    }
    if (hasExpiry && !decision && b.is_active !== false) {
      const expiresAt = parseExpiry(b.expires_at, now)
      assertMayBan(staff, ban.boardId, expiresAt, now)
      await tx.ban.update({ where: { id: banId }, data: { expiresAt } })
    }
    return tx.ban.findUniqueOrThrow({ where: { id: banId } })
  })
  publish({ name: 'bans_changed', payload: { boardId: updated.boardId, threadId: updated.threadId } })
  return toBanDto(updated, true)
}
