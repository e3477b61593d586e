// The Board objects the API answers with, as zod schemas for the OpenAPI document (tests/unit/openapi-types.test.ts
// holds them equal to the types in ./types.ts and ./manage.ts).
import { z } from 'zod'
import { CAPTCHA_MODES } from '../captcha/modes'

export const ZBoard = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  nsfw: z.boolean(),
  captcha: z
    .enum(CAPTCHA_MODES)
    .meta({ description: 'Posting needs a proof-of-work captcha: off, threads (new threads) or all' }),
  thread_ids_enabled: z.boolean(),
  country_flags_enabled: z.boolean(),
  threads_per_page: z.number().int().meta({ description: 'Threads on each page of the board index' }),
})

/** A board as admins see it in GET /api/admin/boards. */
export const ZManagedBoard = ZBoard.extend({ created_at: z.string(), thread_count: z.number().int() })
