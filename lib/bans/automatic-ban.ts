// A ban made by a rule rather than by staff (a word filter, a banned-file entry): no staff member, the rule named as
// its maker, logged as `banned` like any ban; bans_changed goes out after commit.
import { expiryFor } from './durations'
import { getDb } from '../db/client'
import { publish } from '../events/bus'
import { ipKey } from '../net/ip'
import { logAction } from '../staff/action-log'

export interface AutomaticBan {
  ip: string
  /** The board the post was made on (for the action log). */
  boardId: string
  /** The board the ban covers; null for every board. */
  banBoard: string | null
  reason: string
  /** A duration as lib/bans/durations.ts reads it. */
  duration: string
  /** The ban's maker as staff see it, e.g. "Word filter #3". */
  madeBy: string
  /** The rule's id for the action log, e.g. { filter_id: 3 }. */
  details: Record<string, unknown>
}

export async function createAutomaticBan({ ip, boardId, banBoard, reason, duration, madeBy, details }: AutomaticBan) {
  const db = await getDb()
  const expires = expiryFor(duration)
  await db.$transaction(async (tx) => {
    const ban = await tx.ban.create({
      data: {
        ipAddress: ip,
        ipKey: ipKey(ip),
        boardId: banBoard,
        reason,
        expiresAt: expires ? new Date(expires) : null,
        adminUsername: madeBy,
      },
    })
    await logAction(tx, {
      actionType: 'banned',
      staff: null,
      boardId: banBoard ?? boardId,
      banId: ban.id,
      ipAddress: ip,
      reason,
      details,
    })
  })
  publish({ name: 'bans_changed', payload: { boardId: banBoard, threadId: null } })
}
