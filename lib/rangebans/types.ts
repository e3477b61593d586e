// The range ban object the admin API sends.
import type { RangeBan } from '../db/generated/sqlite/client.ts'
import { countryName } from '../geo/country-names'

export function toPublicRangeBan(r: RangeBan) {
  return {
    id: r.id,
    ban_type: r.banType,
    ban_value: r.banValue,
    country_name: r.banType === 'country' ? countryName(r.banValue) : null,
    board_id: r.boardId,
    reason: r.reason,
    created_at: r.createdAt.toISOString(),
    expires_at: r.expiresAt?.toISOString() ?? null,
    is_active: r.isActive,
    admin_user_id: r.adminUserId,
    admin_username: r.adminUsername,
  }
}

export type PublicRangeBan = ReturnType<typeof toPublicRangeBan>
