// Ban lists and details for staff, within the caller's board scope.
import type { Staff } from '../auth/staff'
import { getDb } from '../db/client'
import { ForbiddenError, NotFoundError, ValidationError } from '../errors'
import { toBanDto } from './types'
import { scopeWhere } from '../staff/scope'

export interface BanFilters {
  boardId?: string
  appealStatus?: 'pending' | 'approved' | 'denied'
  status?: 'active' | 'expired' | 'lifted' | 'all'
  limit?: number
  offset?: number
}

export async function listBans(staff: Staff, f: BanFilters) {
  if (f.appealStatus && staff.role === 'janitor') throw new ForbiddenError('Moderator privileges required')
  const now = new Date()
  const live = { isActive: true, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] }
  const status = f.appealStatus === 'pending' ? 'active' : (f.status ?? 'active')
  const byStatus =
    status === 'active'
      ? live
      : status === 'expired'
        ? { isActive: true, expiresAt: { lte: now } }
        : status === 'lifted'
          ? { isActive: false }
          : {}
  const where = {
    AND: [
      scopeWhere(staff),
      byStatus,
      f.boardId ? { OR: [{ boardId: f.boardId }, { boardId: null }] } : {},
      f.appealStatus ? { appealStatus: f.appealStatus } : {},
    ],
  }
  const limit = Math.min(f.limit ?? 100, 500)
  const offset = f.offset ?? 0
  const db = await getDb()
  const [rows, total] = await Promise.all([
    db.ban.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: limit, skip: offset }),
    db.ban.count({ where }),
  ])
  return { bans: rows.map((b) => toBanDto(b, staff.role !== 'janitor')), total, limit, offset }
}

export async function getBanForStaff(staff: Staff, banId: number) {
  const db = await getDb()
  const ban = await db.ban.findUnique({ where: { id: banId } })
  if (!ban) throw new NotFoundError('Ban not found')
  if (ban.boardId !== null && !staff.canModerate(ban.boardId))
    throw new ForbiddenError('Not authorized to moderate this board')
  return ban
}

export function parsePaging(raw: { limit?: string; offset?: string }, defaultLimit: number, maxLimit: number) {
  const limit = raw.limit === undefined ? defaultLimit : Number(raw.limit)
  const offset = raw.offset === undefined ? 0 : Number(raw.offset)
  if (!Number.isInteger(limit) || limit < 1 || limit > maxLimit)
    throw ValidationError.field('limit', `limit must be 1–${maxLimit}`)
  if (!Number.isInteger(offset) || offset < 0) throw ValidationError.field('offset', 'offset must be 0 or more')
  return { limit, offset }
}
