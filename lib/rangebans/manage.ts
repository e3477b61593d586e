// Range bans for admins: list in force, create (normalised, no duplicate in force), statistics,
// soft removal. Creation and removal are logged. Enforcement starts with the next request (lib/bans/check.ts).
import type { NewRangeBan } from './schemas'
import type { Staff } from '../auth/staff'
import { getDb } from '../db/client'
import { ConflictError, NotFoundError } from '../errors'
import { toPublicRangeBan } from './types'
import { publish } from '../events/bus'
import { countryName } from '../geo/country-names'
import { logAction } from '../staff/action-log'

const inForce = (now: Date) => ({ isActive: true, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] })

export async function listRangeBans(boardId?: string) {
  const db = await getDb()
  const rows = await db.rangeBan.findMany({
    where: { AND: [inForce(new Date()), boardId ? { OR: [{ boardId }, { boardId: null }] } : {}] },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  })
  return rows.map(toPublicRangeBan)
}

export async function createRangeBan(staff: Staff, input: NewRangeBan) {
  const { ban_type: type, ban_value: value, reason, expires_at: expiresAt, board_id: boardId } = input
  const db = await getDb()
  const now = new Date()
  const created = await db.$transaction(async (tx) => {
    if (await tx.rangeBan.findFirst({ where: { AND: [inForce(now), { banType: type, banValue: value, boardId }] } })) {
      throw new ConflictError('Active rangeban already exists for this value')
    }
    const r = await tx.rangeBan.create({
      data: {
        banType: type,
        banValue: value,
        boardId,
        reason,
        expiresAt,
        adminUserId: staff.id,
        adminUsername: staff.username,
      },
    })
    await logAction(tx, {
      actionType: 'rangeban_created',
      staff,
      boardId,
      rangebanId: r.id,
      reason,
      details: { ban_type: type, ban_value: value },
    })
    return r
  })
  publish({ name: 'bans_changed', payload: { boardId, threadId: null } })
  return toPublicRangeBan(created)
}

export async function removeRangeBan(staff: Staff, id: number) {
  const db = await getDb()
  const boardId = await db.$transaction(async (tx) => {
    const r = await tx.rangeBan.findUnique({ where: { id } })
    if (!r || !r.isActive) throw new NotFoundError('Rangeban not found')
    await tx.rangeBan.update({ where: { id }, data: { isActive: false, removedAt: new Date(), removedById: staff.id } })
    await logAction(tx, { actionType: 'rangeban_removed', staff, boardId: r.boardId, rangebanId: id, reason: r.reason })
    return r.boardId
  })
  publish({ name: 'bans_changed', payload: { boardId, threadId: null } })
}

export async function rangeBanStats() {
  const db = await getDb()
  const now = new Date()
  const [all, active, countries] = await Promise.all([
    db.rangeBan.groupBy({ by: ['banType'], _count: { _all: true } }),
    db.rangeBan.groupBy({ by: ['banType'], where: inForce(now), _count: { _all: true } }),
    db.rangeBan.groupBy({
      by: ['banValue'],
      where: { AND: [inForce(now), { banType: 'country' }] },
      _count: { _all: true },
    }),
  ])
  const activeBy = new Map(active.map((a) => [a.banType, a._count._all]))
  return {
    byType: all
      .map((a) => ({ ban_type: a.banType, count: a._count._all, active_count: activeBy.get(a.banType) ?? 0 }))
      .sort((x, y) => x.ban_type.localeCompare(y.ban_type)),
    topCountries: countries
      .map((c) => ({ country_code: c.banValue, country_name: countryName(c.banValue), ban_count: c._count._all }))
      .sort((x, y) => y.ban_count - x.ban_count || x.country_code.localeCompare(y.country_code))
      .slice(0, 10),
  }
}

export type RangeBanStats = Awaited<ReturnType<typeof rangeBanStats>>
