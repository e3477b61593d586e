import { deleteFilter, updateFilter } from '@/lib/filters/manage'
import { ZFilterRule } from '@/lib/filters/schemas'
import { json } from '@/lib/http/error-response'
import { idParam } from '@/lib/http/params'
import { methodNotAllowed } from '@/lib/http/route'
import { staffRoute } from '@/lib/http/staff-route'

const params = { id: idParam('Filter not found') }

// PUT /api/admin/filters/{id} – replace a word filter with the rule sent (admin)
export const PUT = staffRoute({ role: 'admin', params, body: ZFilterRule }, async ({ staff, params, body }) =>
  json({ message: 'Filter updated', filter: await updateFilter(staff, params.id, body) }),
)

// DELETE /api/admin/filters/{id} – remove a word filter (admin)
export const DELETE = staffRoute({ role: 'admin', params }, async ({ staff, params }) => {
  await deleteFilter(staff, params.id)
  return json({ message: 'Filter deleted' })
})

export const { GET, POST, PATCH } = methodNotAllowed('PUT', 'DELETE')
