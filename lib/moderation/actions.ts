// Reading the moderation log: the filtered action list, statistics and IP history, each
// within the caller's board scope.
import type { Staff } from '../auth/staff'
import { getDb } from '../db/client'
import { ForbiddenError, ValidationError } from '../errors'
import { normalizeIp } from '../net/ip'
import { ACTION_TYPES, type ActionType } from '../staff/action-log'
import { scopeWhere } from '../staff/scope'

export interface ActionFilters {
  actionTypes?: ActionType[]
  boardId?: string
  adminUserId?: number
  threadId?: number
  postId?: number
  banId?: number
  ipAddress?: string
  start?: Date
  end?: Date
}

export function parseActionTypes(raw: string | undefined): ActionType[] | undefined {
  if (!raw) return undefined
  const types = raw
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
  const unknown = types.filter((t) => !ACTION_TYPES.includes(t as ActionType))
  if (unknown.length) throw ValidationError.field('action_type', `Unknown action type: ${unknown.join(', ')}`)
  return types as ActionType[]
}

export function parseDate(raw: string | undefined, field: string): Date | undefined {
  if (raw === undefined) return undefined
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/.test(raw) || Number.isNaN(Date.parse(raw))) {
    throw ValidationError.field(field, `${field} must be an ISO time with a time zone`)
  }
  return new Date(raw)
}

function where(staff: Staff, f: ActionFilters) {
  return {
    AND: [
      scopeWhere(staff),
      f.actionTypes ? { actionType: { in: f.actionTypes } } : {},
      f.boardId ? { boardId: f.boardId } : {},
      f.adminUserId ? { adminUserId: f.adminUserId } : {},
      f.threadId ? { threadId: f.threadId } : {},
      f.postId ? { postId: f.postId } : {},
      f.banId ? { banId: f.banId } : {},
      f.ipAddress ? { ipAddress: f.ipAddress } : {},
      f.start || f.end ? { createdAt: { ...(f.start ? { gte: f.start } : {}), ...(f.end ? { lte: f.end } : {}) } } : {},
    ],
  }
}

type ActionRow = Awaited<ReturnType<typeof findActions>>[number]
function findActions(staff: Staff, f: ActionFilters, limit: number, offset: number) {
  return getDb().then((db) =>
    db.moderationAction.findMany({
      where: where(staff, f),
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit,
      skip: offset,
      include: { adminUser: { select: { username: true } } },
    }),
  )
}

function toActionDto(a: ActionRow) {
  return {
    id: a.id,
    action_type: a.actionType,
    board_id: a.boardId,
    thread_id: a.threadId,
    post_id: a.postId,
    ban_id: a.banId,
    rangeban_id: a.rangebanId,
    ip_address: a.ipAddress,
    reason: a.reason,
    details: typeof a.details === 'string' ? JSON.parse(a.details) : (a.details ?? null),
    admin_user_id: a.adminUserId,
    admin_username: a.adminUsername,
    current_admin_username: a.adminUser?.username ?? null,
    created_at: a.createdAt.toISOString(),
  }
}

export async function listActions(staff: Staff, f: ActionFilters, limit: number, offset: number) {
  const db = await getDb()
  const [rows, total] = await Promise.all([
    findActions(staff, f, limit, offset),
    db.moderationAction.count({ where: where(staff, f) }),
  ])
  return { actions: rows.map(toActionDto), total, limit, offset }
}

export async function actionStats(staff: Staff, f: ActionFilters) {
  if (staff.role === 'janitor') throw new ForbiddenError('Not authorized to view statistics')
  const db = await getDb()
  const w = where(staff, f)
  const [total, byType, byAdmin, byBoard] = await Promise.all([
    db.moderationAction.count({ where: w }),
    db.moderationAction.groupBy({ by: ['actionType'], where: w, _count: { _all: true } }),
    db.moderationAction.groupBy({
      by: ['adminUserId', 'adminUsername'],
      where: { AND: [w, { adminUserId: { not: null } }] },
      _count: { _all: true },
    }),
    db.moderationAction.groupBy({
      by: ['boardId'],
      where: { AND: [w, { boardId: { not: null } }] },
      _count: { _all: true },
    }),
  ])
  // Most frequent first; ties in a fixed order so the answer is stable.
  const desc = <T extends { count: number }>(xs: T[], key: (x: T) => string | number) =>
    xs.sort((a, b) => b.count - a.count || String(key(a)).localeCompare(String(key(b))))
  // Several names for one user (renamed between actions) are summed under the user id.
  const admins = new Map<number, { admin_user_id: number; username: string | null; count: number }>()
  for (const r of byAdmin) {
    const e = admins.get(r.adminUserId!) ?? { admin_user_id: r.adminUserId!, username: r.adminUsername, count: 0 }
    e.count += r._count._all
    admins.set(r.adminUserId!, e)
  }
  return {
    total,
    byActionType: desc(
      byType.map((r) => ({ action_type: r.actionType, count: r._count._all })),
      (x) => x.action_type,
    ),
    byAdmin: desc([...admins.values()], (x) => x.admin_user_id),
    byBoard: desc(
      byBoard.map((r) => ({ board_id: r.boardId!, count: r._count._all })),
      (x) => x.board_id,
    ),
  }
}

export async function ipHistory(staff: Staff, rawIp: string, f: ActionFilters, limit: number, offset: number) {
  const ip = normalizeIp(rawIp)
  if (!ip) throw ValidationError.field('ip', 'Invalid IP address')
  const db = await getDb()
  const all = await db.moderationAction.findMany({
    where: where(staff, { ipAddress: ip }),
    select: { actionType: true, boardId: true, adminUserId: true, createdAt: true },
  })
  const boards = [...new Set(all.map((a) => a.boardId).filter((b): b is string => b !== null))].sort()
  const times = all.map((a) => a.createdAt.getTime())
  const listed = await listActions(staff, { ...f, ipAddress: ip }, limit, offset)
  return {
    ip_address: ip,
    summary: {
      ip_address: ip,
      total_actions: all.length,
      ban_count: all.filter((a) => a.actionType === 'banned').length,
      posts_deleted: all.filter((a) => a.actionType === 'post_deleted').length,
      threads_deleted: all.filter((a) => a.actionType === 'thread_deleted').length,
      boards_affected: boards.length,
      unique_admins: new Set(all.map((a) => a.adminUserId).filter((x) => x !== null)).size,
      first_action: times.length ? new Date(Math.min(...times)).toISOString() : null,
      last_action: times.length ? new Date(Math.max(...times)).toISOString() : null,
      boards_list: boards,
    },
    actions: listed.actions,
    total: listed.total,
  }
}
