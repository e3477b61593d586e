import { createFilter, listFilters } from '@/lib/filters/manage'
import { ZFilterRule } from '@/lib/filters/schemas'
import { json } from '@/lib/http/error-response'
import { methodNotAllowed } from '@/lib/http/route'
import { staffRoute } from '@/lib/http/staff-route'

// GET /api/admin/filters – every word filter, oldest first (admin)
export const GET = staffRoute({ role: 'admin' }, async () => json({ filters: await listFilters() }))

// POST /api/admin/filters – add a word filter; new posts are checked against it at once (admin)
export const POST = staffRoute({ role: 'admin', body: ZFilterRule }, async ({ staff, body }) =>
  json({ message: 'Filter created', filter: await createFilter(staff, body) }, 201),
)

export const { PUT, PATCH, DELETE } = methodNotAllowed('GET', 'POST')
