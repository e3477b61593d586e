import { updateBoard } from '@/lib/boards/manage'
import { ZBoardUpdate } from '@/lib/boards/schemas'
import { json } from '@/lib/http/error-response'
import { boardIdParam } from '@/lib/http/params'
import { methodNotAllowed } from '@/lib/http/route'
import { staffRoute } from '@/lib/http/staff-route'

// PUT /api/admin/boards/{boardId} – change a board's name, description, NSFW flag, thread ids or country flags (admin)
export const PUT = staffRoute(
  { role: 'admin', params: { boardId: boardIdParam }, body: ZBoardUpdate },
  async ({ staff, params, body }) =>
    json({ message: 'Board updated successfully', board: await updateBoard(staff, params.boardId, body) }),
)

export const { GET, POST, PATCH, DELETE } = methodNotAllowed('PUT')
