// The moderation log: one table serves the action log, the dashboard, the statistics and the
// IP history. Written inside the transaction of the change it records.
import type { Staff } from './types'
import type { Tx } from '../db/locks'

export type ActionType =
  | 'banned'
  | 'unbanned'
  | 'appeal_submitted'
  | 'appeal_response'
  | 'post_deleted'
  | 'thread_deleted'
  | 'color_changed'
  | 'sticky_changed'
  | 'rangeban_created'
  | 'rangeban_removed'
  | 'filter_created'
  | 'filter_updated'
  | 'filter_deleted'
  | 'reports_dismissed'
  | 'file_ban'
  | 'file_unban'

export const ACTION_TYPES: readonly ActionType[] = [
  'banned',
  'unbanned',
  'appeal_submitted',
  'appeal_response',
  'post_deleted',
  'thread_deleted',
  'color_changed',
  'sticky_changed',
  'rangeban_created',
  'rangeban_removed',
  'filter_created',
  'filter_updated',
  'filter_deleted',
  'reports_dismissed',
  'file_ban',
  'file_unban',
]

export interface ActionInput {
  actionType: ActionType
  staff: Pick<Staff, 'id' | 'username'> | null
  boardId?: string | null
  threadId?: number | null
  postId?: number | null
  banId?: number | null
  rangebanId?: number | null
  ipAddress?: string | null
  reason?: string | null
  details?: Record<string, unknown>
}

export function logAction(tx: Tx, a: ActionInput) {
  return tx.moderationAction.create({
    data: {
      actionType: a.actionType,
      boardId: a.boardId ?? null,
      threadId: a.threadId ?? null,
      postId: a.postId ?? null,
      banId: a.banId ?? null,
      rangebanId: a.rangebanId ?? null,
      ipAddress: a.ipAddress ?? null,
      reason: a.reason ?? null,
      details: (a.details ?? undefined) as never,
      adminUserId: a.staff?.id ?? null,
      adminUsername: a.staff?.username ?? null,
    },
  })
}
