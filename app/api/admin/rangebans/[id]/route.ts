import { methodNotAllowed } from '@/lib/http/route'
import { staffRemoval } from '@/lib/http/staff-route'
import { removeRangeBan } from '@/lib/rangebans/manage'

// DELETE /api/admin/rangebans/{id} – lift a range ban (kept in the record, marked removed)
export const DELETE = staffRemoval('admin', 'Rangeban not found', removeRangeBan, 'Rangeban removed successfully')

export const { GET, POST, PUT, PATCH } = methodNotAllowed('DELETE')
