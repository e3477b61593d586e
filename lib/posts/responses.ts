// The public Post object, as a zod schema for the OpenAPI document (tests/unit/openapi-types.test.ts holds it
// equal to PublicPost in ./types.ts).
import { z } from 'zod'
import { POST_COLORS } from './types'

const time = () => z.string().meta({ description: 'ISO 8601 UTC time with milliseconds' })

export const ZSurveySummary = z.object({
  id: z.number().int(),
  survey_id: z.number().int(),
  post_id: z.number().int(),
  survey_type: z.enum(['single', 'multiple']),
  question: z.string(),
  response_count: z.number().int(),
  is_active: z.boolean(),
})

export const ZFileInfo = z.object({
  name: z.string().nullable(),
  size: z.number().int().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  duration: z.number().nullable(),
})

export const ZPost = z.object({
  id: z.number().int(),
  thread_id: z.number().int(),
  board_id: z.string(),
  content: z.string().meta({ description: 'Plain text as posted: clients escape it and apply the post markup' }),
  created_at: time(),
  image_url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  file_type: z.enum(['image', 'video', 'audio']).nullable(),
  file_info: ZFileInfo.nullable(),
  spoiler: z.boolean(),
  color: z.enum(POST_COLORS),
  thread_user_id: z.string().nullable(),
  country_code: z.string().nullable(),
  dont_bump: z.boolean(),
  is_op: z.boolean(),
  isBanned: z.boolean(),
  banInfo: z.object({ reason: z.string(), created_at: time(), expires_at: z.string().nullable() }).nullable(),
  survey: ZSurveySummary.nullable().optional(),
})
