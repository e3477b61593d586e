// The answer of GET /api/search, as a zod schema for the OpenAPI document (tests/unit/openapi-types.test.ts holds
// it equal to SearchPage in ./types.ts).
import { z } from 'zod'

export const ZSearchResult = z.object({
  boardId: z.string(),
  threadId: z.number().int(),
  postId: z.number().int(),
  topic: z.string(),
  excerpt: z.string().meta({ description: 'Plain text (never HTML), at most 240 characters' }),
  highlights: z
    .array(z.object({ start: z.number().int(), end: z.number().int() }))
    .meta({ description: '[start, end) offsets in Unicode code points of the matched words in excerpt' }),
  archived: z.boolean(),
  createdAt: z.string(),
  url: z.string(),
})

export const ZSearchPage = z.object({
  results: z.array(ZSearchResult),
  page: z.number().int(),
  total: z.number().int().meta({ description: 'Matching posts over all pages (at most 1,000)' }),
})
