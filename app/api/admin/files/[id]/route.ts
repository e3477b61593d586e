import { unbanFile } from '@/lib/banned-files/manage'
import { json } from '@/lib/http/error-response'
import { idParam } from '@/lib/http/params'
import { methodNotAllowed } from '@/lib/http/route'
import { staffRoute } from '@/lib/http/staff-route'

// DELETE /api/admin/files/{id} – lift a file ban (moderator and up; board-scoped moderators only for entries made
// from a post on their boards)
export const DELETE = staffRoute(
  { role: 'moderator', params: { id: idParam('Banned file not found') } },
  async ({ staff, params }) => {
    await unbanFile(staff, params.id)
    return json({ message: 'File ban lifted' })
  },
)

export const { GET, POST, PUT, PATCH } = methodNotAllowed('DELETE')
