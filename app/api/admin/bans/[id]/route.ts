import { getBanForStaff } from '@/lib/bans/queries'
import { ZBanUpdate } from '@/lib/bans/schemas'
import { toBanDto } from '@/lib/bans/types'
import { banToUpdate, updateBan } from '@/lib/bans/update-ban'
import { json } from '@/lib/http/error-response'
import { idParam } from '@/lib/http/params'
import { methodNotAllowed } from '@/lib/http/route'
import { staffRoute } from '@/lib/http/staff-route'

const params = { id: idParam('Ban not found') }

// GET /api/admin/bans/{id} – one ban (appeal text for moderators and admins)
export const GET = staffRoute({ params }, async ({ staff, params }) =>
  json({ ban: toBanDto(await getBanForStaff(staff, params.id), staff.role !== 'janitor') }),
)

// PUT /api/admin/bans/{id} – approve or deny an appeal, lift the ban, or change its expiry (the ban's 404/403 come before the body's 400)
export const PUT = staffRoute(
  { role: 'moderator', params, before: ({ staff, params }) => banToUpdate(staff, params.id), body: ZBanUpdate },
  async ({ staff, body, before: ban }) =>
    json({ message: 'Ban updated successfully', ban: await updateBan(staff, ban, body) }),
)

export const { POST, PATCH, DELETE } = methodNotAllowed('GET', 'PUT')
