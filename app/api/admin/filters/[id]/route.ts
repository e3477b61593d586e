import { deleteFilter, updateFilter } from '@/lib/filters/manage'
import { ZFilterRule } from '@/lib/filters/schemas'
import { json } from '@/lib/http/error-response'
import { idParam } from '@/lib/http/params'
import { methodNotAllowed } from '@/lib/http/route'
import { staffRemoval, staffRoute } from '@/lib/http/staff-route'

// PUT /api/admin/filters/{id} – replace a word filter with the rule sent (admin)
export const PUT = staffRoute(
  { role: 'admin', params: { id: idParam('Filter not found') }, body: ZFilterRule },
  async ({ staff, params, body }) =>
    json({ message: 'Filter updated', filter: await updateFilter(staff, params.id, body) }),
)

// DELETE /api/admin/filters/{id} – remove a word filter (admin)
export const DELETE = staffRemoval('admin', 'Filter not found', deleteFilter, 'Filter deleted')

export const { GET, POST, PATCH } = methodNotAllowed('PUT', 'DELETE')
