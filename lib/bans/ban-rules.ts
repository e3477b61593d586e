// Limits on who may ban what: non-admins ban one board for at most 30 days (plus an hour
// of clock tolerance), never globally, never permanently, and only on their own boards.
import { ForbiddenError, ValidationError } from '../errors'
import { assertCanModerate, type Staff } from '../auth/staff'
import { DAY_MS, HOUR_MS } from '../time'

const MAX_NON_ADMIN_MS = 30 * DAY_MS + HOUR_MS

/** Parses an expiry: null = permanent; otherwise an ISO time with an explicit offset or Z, in the future. */
export function parseExpiry(raw: unknown, now = new Date()): Date | null {
  if (raw === null || raw === undefined) return null
  if (typeof raw !== 'string' || !/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/.test(raw) || Number.isNaN(Date.parse(raw))) {
    throw ValidationError.field('expires_at', 'expires_at must be an ISO time with a time zone, or null')
  }
  const at = new Date(raw)
  if (at <= now) throw ValidationError.field('expires_at', 'expires_at must be in the future')
  return at
}

export function assertMayBan(staff: Staff, boardId: string | null, expiresAt: Date | null, now = new Date()): void {
  if (staff.role === 'admin') return
  if (boardId === null) throw new ForbiddenError('Only admins can create global bans')
  if (expiresAt === null || expiresAt.getTime() - now.getTime() > MAX_NON_ADMIN_MS) throw new ForbiddenError('Only admins can create bans longer than 30 days')
  assertCanModerate(staff, boardId)
}
