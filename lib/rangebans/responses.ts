// The range ban objects the admin API answers with, as zod schemas for the OpenAPI document.
import { z } from 'zod'

export const ZRangeBan = z.object({
  id: z.number().int(),
  ban_type: z.string().meta({ description: 'country, asn or ip_range' }),
  ban_value: z.string(),
  country_name: z.string().nullable(),
  board_id: z.string().nullable(),
  reason: z.string(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  is_active: z.boolean(),
  admin_user_id: z.number().int().nullable(),
  admin_username: z.string().nullable(),
})

export const ZRangeBanStats = z.object({
  byType: z.array(z.object({ ban_type: z.string(), count: z.number().int(), active_count: z.number().int() })),
  topCountries: z.array(z.object({ country_code: z.string(), country_name: z.string(), ban_count: z.number().int() })),
})
