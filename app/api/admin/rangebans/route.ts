import { json } from '@/lib/http/error-response'
import { methodNotAllowed } from '@/lib/http/route'
import { staffRoute } from '@/lib/http/staff-route'
import { createRangeBan, listRangeBans } from '@/lib/rangebans/manage'
import { ZNewRangeBan, ZRangeBanListQuery } from '@/lib/rangebans/schemas'

// GET /api/admin/rangebans – range bans in force (with boardId: that board's and global ones)
export const GET = staffRoute({ role: 'admin', query: ZRangeBanListQuery }, async ({ query }) =>
  json({ rangebans: await listRangeBans(query.boardId) }),
)

// POST /api/admin/rangebans – ban a country, an AS number or an IP range
export const POST = staffRoute({ role: 'admin', body: ZNewRangeBan }, async ({ staff, body }) =>
  json({ message: 'Rangeban created successfully', rangeban: await createRangeBan(staff, body) }, 201),
)

export const { PUT, PATCH, DELETE } = methodNotAllowed('GET', 'POST')
