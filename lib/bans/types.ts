// The two views of a ban: the staff view (janitors do not see appeal texts) and the body a banned visitor is refused with.
import type { Ban } from '../db/generated/sqlite/client.ts'

export interface BanDto {
  id: number
  ip_address: string
  board_id: string | null
  reason: string
  created_at: string
  expires_at: string | null
  is_active: boolean
  is_expired: boolean
  appeal_status: string | null
  appeal_text?: string | null
  appeal_submitted_at?: string | null
  decision_reason: string | null
  decided_at: string | null
  post_content: string | null
  post_image_url: string | null
  thread_id: number | null
  post_id: number | null
  admin_user_id: number | null
  admin_username: string | null
}

export const isExpired = (b: Pick<Ban, 'expiresAt'>, now = new Date()) => Boolean(b.expiresAt && b.expiresAt <= now)
export const inForce = (b: Pick<Ban, 'expiresAt' | 'isActive'>, now = new Date()) => b.isActive && !isExpired(b, now)

export function toBanDto(b: Ban, withAppeal: boolean): BanDto {
  const dto: BanDto = {
    id: b.id,
    ip_address: b.ipAddress,
    board_id: b.boardId,
    reason: b.reason,
    created_at: b.createdAt.toISOString(),
    expires_at: b.expiresAt?.toISOString() ?? null,
    is_active: b.isActive,
    is_expired: isExpired(b),
    appeal_status: b.appealStatus,
    decision_reason: b.decisionReason,
    decided_at: b.decidedAt?.toISOString() ?? null,
    post_content: b.postContent,
    post_image_url: b.postImageUrl,
    thread_id: b.threadId,
    post_id: b.postId,
    admin_user_id: b.adminUserId,
    admin_username: b.adminUsername,
  }
  if (withAppeal) {
    dto.appeal_text = b.appealText
    dto.appeal_submitted_at = b.appealSubmittedAt?.toISOString() ?? null
  }
  return dto
}

/** The body a banned visitor's request is refused with (403), also shown as the ban screen in place of a board or thread page. */
export interface BanBody {
  error: 'Banned' | 'Rangebanned'
  message: string
  ban?: {
    id: number
    reason: string
    expires_at: string | null
    appeal_status: string | null
    post_content: string | null
    post_image_url: string | null
    thread_id: number | null
    post_id: number | null
  }
  rangeban?: { type: string; value: string; country_name?: string; reason: string; expires_at: string | null }
}
