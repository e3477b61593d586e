import { parsePaging } from '@/lib/bans/queries'
import { json } from '@/lib/http/error-response'
import { methodNotAllowed } from '@/lib/http/route'
import { staffRoute } from '@/lib/http/staff-route'
import { actionFilters, ZActionQuery } from '@/lib/moderation/action-query'
import { ipHistory } from '@/lib/moderation/actions'

// GET /api/admin/ip-history/{ip} – everything staff did about one address: a summary and the filtered actions
// Next hands over the path segment already URL-decoded (IPv6 colons arrive as %3A).
export const GET = staffRoute(
  { params: { ip: (raw: string) => raw }, query: ZActionQuery },
  async ({ staff, params, query }) => {
    const { limit, offset } = parsePaging(query, 100, 500)
    return json(await ipHistory(staff, params.ip, actionFilters(query), limit, offset))
  },
)

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET')
