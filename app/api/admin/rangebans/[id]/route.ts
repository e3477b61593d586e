import { json } from '@/lib/http/error-response'
import { idParam } from '@/lib/http/params'
import { methodNotAllowed } from '@/lib/http/route'
import { staffRoute } from '@/lib/http/staff-route'
import { removeRangeBan } from '@/lib/rangebans/manage'

// DELETE /api/admin/rangebans/{id} – lift a range ban (kept in the record, marked removed)
export const DELETE = staffRoute(
  { role: 'admin', params: { id: idParam('Rangeban not found') } },
  async ({ staff, params }) => {
    await removeRangeBan(staff, params.id)
    return json({ message: 'Rangeban removed successfully' })
  },
)

export const { GET, POST, PUT, PATCH } = methodNotAllowed('DELETE')
