import { parsePaging } from '@/lib/bans/queries'
import { json } from '@/lib/http/error-response'
import { methodNotAllowed } from '@/lib/http/route'
import { staffRoute } from '@/lib/http/staff-route'
import { actionFilters, ZActionQuery } from '@/lib/moderation/action-query'
import { listActions } from '@/lib/moderation/actions'

// GET /api/admin/actions – the moderation log, filtered and paged, newest first
export const GET = staffRoute({ query: ZActionQuery }, async ({ staff, query }) => {
  const { limit, offset } = parsePaging(query, 50, 200)
  return json(await listActions(staff, actionFilters(query), limit, offset))
})

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET')
