// Limits on who may ban what: non-admins ban one board for at most 30 days (plus an hour
// of clock tolerance), never globally, never permanently, and only on their own boards.
import { assertCanModerate, type Staff } from '../auth/staff'
import { ForbiddenError } from '../errors'
import { DAY_MS, HOUR_MS } from '../time'

const MAX_NON_ADMIN_MS = 30 * DAY_MS + HOUR_MS

export function assertMayBan(staff: Staff, boardId: string | null, expiresAt: Date | null, now = new Date()): void {
  if (staff.role === 'admin') return
  if (boardId === null) throw new ForbiddenError('Only admins can create global bans')
  if (expiresAt === null || expiresAt.getTime() - now.getTime() > MAX_NON_ADMIN_MS)
    throw new ForbiddenError('Only admins can create bans longer than 30 days')
  assertCanModerate(staff, boardId)
}
