import { methodNotAllowed } from '@/lib/http/route'
import { staffRoute } from '@/lib/http/staff-route'
import { json } from '@/lib/http/error-response'
import { actionStats } from '@/lib/moderation/actions'
import { actionFilters, ZActionQuery } from '@/lib/moderation/action-query'

// GET /api/admin/actions/stats – counts by type, by staff member and by board (moderators and admins)
export const GET = staffRoute({ query: ZActionQuery }, async ({ staff, query }) => {
  const f = actionFilters(query)
  return json({ stats: await actionStats(staff, { boardId: f.boardId, start: f.start, end: f.end }) })
})

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET')
