import { createBan } from '@/lib/bans/create-ban'
import { listBans, parsePaging } from '@/lib/bans/queries'
import { ZBanListQuery, ZNewBan } from '@/lib/bans/schemas'
import { json } from '@/lib/http/error-response'
import { methodNotAllowed } from '@/lib/http/route'
import { staffRoute } from '@/lib/http/staff-route'

// GET /api/admin/bans – bans within the caller's board scope, newest first
export const GET = staffRoute({ query: ZBanListQuery }, async ({ staff, query }) =>
  json(
    await listBans(staff, {
      boardId: query.boardId,
      appealStatus: query.appeal_status,
      status: query.status,
      ...parsePaging(query, 100, 500),
    }),
  ),
)

// POST /api/admin/bans – ban an address (non-admins: one board, at most 30 days)
export const POST = staffRoute({ body: ZNewBan }, async ({ staff, body }) =>
  json({ message: 'Ban created successfully', ban: await createBan(staff, body) }, 201),
)

export const { PUT, PATCH, DELETE } = methodNotAllowed('GET', 'POST')
