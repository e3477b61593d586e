// The staff view of a ban, as a zod schema for the OpenAPI document (tests/unit/openapi-types.test.ts holds it
// equal to BanDto in ./types.ts).
import { z } from 'zod'
import { BANNED_POST_FIELDS } from '../http/error-bodies'

export const ZBan = z.object({
  id: z.number().int(),
  ip_address: z.string(),
  board_id: z.string().nullable().meta({ description: 'null: every board' }),
  reason: z.string(),
  created_at: z.string(),
  expires_at: z.string().nullable().meta({ description: 'null: permanent' }),
  is_active: z.boolean(),
  is_expired: z.boolean(),
  appeal_status: z.string().nullable(),
  appeal_text: z.string().nullable().optional().meta({ description: 'Moderators and admins only' }),
  appeal_submitted_at: z.string().nullable().optional().meta({ description: 'Moderators and admins only' }),
  decision_reason: z.string().nullable(),
  decided_at: z.string().nullable(),
  ...BANNED_POST_FIELDS,
  admin_user_id: z.number().int().nullable(),
  admin_username: z.string().nullable(),
})

export const ZBanList = z.object({
  bans: z.array(ZBan),
  total: z.number().int().meta({ description: 'Matching bans before paging' }),
  limit: z.number().int(),
  offset: z.number().int(),
})
