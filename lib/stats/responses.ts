// The public statistics objects, as zod schemas for the OpenAPI document (tests/unit/openapi-types.test.ts holds
// them equal to the types in ./types.ts).
import { z } from 'zod'

const count = () => z.number().int()

export const ZStatsOverview = z.object({
  overall: z.object({
    uniqueVisitorsLifetime: count(),
    uniqueVisitorsMonth: count(),
    uniqueVisitorsDay: count(),
    uniqueVisitorsHour: count(),
  }),
  boards: z.array(
    z.object({
      boardId: z.string(),
      boardName: z.string(),
      postsHour: count(),
      postsDay: count(),
      postsMonth: count(),
      postsLifetime: count(),
    }),
  ),
  countries: z.object({
    views: z.array(
      z.object({ countryCode: z.string(), countryName: z.string(), uniqueVisitors: count(), totalViews: count() }),
    ),
    posts: z.array(
      z.object({ countryCode: z.string(), countryName: z.string(), uniquePosters: count(), totalPosts: count() }),
    ),
  }),
  lastUpdated: z.string(),
})

export const ZHourlyStats = z.object({
  hours: count(),
  data: z.object({
    views: z.array(z.object({ hour: z.string(), unique_visitors: count(), page_views: count() })),
    posts: z.array(z.object({ hour: z.string(), posts_count: count() })),
  }),
  lastUpdated: z.string(),
})
