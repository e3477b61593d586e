// The public Thread and ThreadSummary objects, as zod schemas for the OpenAPI document
// (tests/unit/openapi-types.test.ts holds them equal to the types in ./types.ts).
import { z } from 'zod'
import { ZPost } from '../posts/responses'

export const ZThread = z.object({
  id: z.number().int(),
  board_id: z.string(),
  topic: z.string(),
  created_at: z.string(),
  updated_at: z.string().meta({ description: 'The last bump' }),
  is_sticky: z.boolean(),
  is_dead: z.boolean().meta({ description: 'Archived: read-only until deletes_at' }),
  died_at: z.string().nullable(),
  deletes_at: z.string().nullable(),
  post_count: z.number().int(),
})

export const ZThreadSummary = ZThread.extend({
  content: z.string(),
  image_url: z.string().nullable(),
  file_type: ZPost.shape.file_type,
  color: ZPost.shape.color,
  op: ZPost,
  latestReplies: z.array(ZPost),
  totalReplies: z.number().int(),
})

export const ZThreadConfig = z.object({ bumpLimit: z.number().int(), maxThreadsPerBoard: z.number().int() })
