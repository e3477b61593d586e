// Who the staff caller is, re-read from the database on every request: a session counts
// only while its user is active, its generation is current and it is under 24 hours old. Roles and board
// assignments therefore apply on the very next request after a change.
import { timingSafeEqual } from 'node:crypto'
import { getDb } from '../db/client'
import { ForbiddenError, LoginRequiredError } from '../errors'
import { SESSION_TTL_SECONDS, type SessionData } from './session-data'
import type { Role } from '../staff/schemas'
import { toAdminUser, type Staff } from '../staff/types'

const RANK: Record<Role, number> = { janitor: 1, moderator: 2, admin: 3 }

export type { Staff } from '../staff/types'

export async function currentStaff(session: SessionData): Promise<Staff | null> {
  if (!session.userId || !session.loginAt || session.generation === undefined) return null
  if (Date.now() - session.loginAt > SESSION_TTL_SECONDS * 1000) return null
  const db = await getDb()
  const user = await db.staffUser.findUnique({ where: { id: session.userId }, include: { boards: true } })
  if (!user || !user.isActive || user.sessionGeneration !== session.generation) return null
  const dto = toAdminUser(user)
  return {
    ...dto,
    canModerate: (boardId) =>
      dto.role === 'admin' || dto.boards.length === 0 || (boardId !== null && dto.boards.includes(boardId)),
  }
}

export const hasRole = (staff: Staff, role: Role) => RANK[staff.role] >= RANK[role]

/** The caller as staff of at least `role`; 401 without a valid session, 403 with too small a role. */
export async function requireStaff(session: SessionData, role: Role = 'janitor'): Promise<Staff> {
  const staff = await currentStaff(session)
  if (!staff) throw new LoginRequiredError()
  if (RANK[staff.role] < RANK[role]) {
    throw new ForbiddenError(role === 'admin' ? 'Admin privileges required' : 'Moderator privileges required')
  }
  return staff
}

export function assertCanModerate(staff: Staff, boardId: string | null): void {
  if (!staff.canModerate(boardId)) throw new ForbiddenError('Not authorized to moderate this board')
}

/** The token in X-CSRF-Token (or the login body's _csrf) must match the session's, compared in constant time. */
export function assertCsrf(session: SessionData, sent: string | null | undefined): void {
  const expected = session.csrfToken
  if (!expected || !sent) throw new ForbiddenError('Invalid CSRF token')
  const a = Buffer.from(expected)
  const b = Buffer.from(sent)
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw new ForbiddenError('Invalid CSRF token')
}
