// The Rangeban object, as the API returns it.
import type { RangeBan } from '../db/generated/sqlite/client.ts'
import { countryName } from '../geo/country-names'

export function toRangebanDto(r: RangeBan) {
  return {
    id: r.id, ban_type: r.banType, ban_value: r.banValue, country_name: r.banType === 'country' ? countryName(r.banValue) : null,
    board_id: r.boardId, reason: r.reason, created_at: r.createdAt.toISOString(), expires_at: r.expiresAt?.toISOString() ?? null,
    is_active: r.isActive, admin_user_id: r.adminUserId, admin_username: r.adminUsername,
  }
}

export type Rangeban = ReturnType<typeof toRangebanDto>
