import { json } from '@/lib/http/error-response'
import { methodNotAllowed } from '@/lib/http/route'
import { staffRoute } from '@/lib/http/staff-route'
import { actionFilters, ZActionQuery } from '@/lib/moderation/action-query'
import { actionsPerDay } from '@/lib/moderation/action-series'
import { actionStats } from '@/lib/moderation/actions'

// GET /api/admin/actions/stats – counts by type, by staff member and by board (moderators and admins), plus the
// extra field byDay: counts per UTC day and action type for the chart on /admin/stats
export const GET = staffRoute({ query: ZActionQuery }, async ({ staff, query }) => {
  const f = actionFilters(query)
  const range = { boardId: f.boardId, start: f.start, end: f.end }
  // actionStats refuses janitors before the series is counted.
  const stats = await actionStats(staff, range)
  return json({ stats: { ...stats, byDay: await actionsPerDay(staff, range) } })
})

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET')
