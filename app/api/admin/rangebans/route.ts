import { methodNotAllowed } from '@/lib/http/route'
import { staffRoute } from '@/lib/http/staff-route'
import { json } from '@/lib/http/error-response'
import { createRangeban, listRangebans } from '@/lib/rangebans/manage'
import { ZNewRangeban, ZRangebanListQuery } from '@/lib/rangebans/schemas'

// GET /api/admin/rangebans – range bans in force (with boardId: that board's and global ones)
export const GET = staffRoute({ role: 'admin', query: ZRangebanListQuery }, async ({ query }) => json({ rangebans: await listRangebans(query.boardId) }))

// POST /api/admin/rangebans – ban a country, an AS number or an IP range
export const POST = staffRoute({ role: 'admin', body: ZNewRangeban }, async ({ staff, body }) =>
  json({ message: 'Rangeban created successfully', rangeban: await createRangeban(staff, body) }, 201))

export const { PUT, PATCH, DELETE } = methodNotAllowed('GET', 'POST')
