import { updateBoard } from '@/lib/boards/manage'
import { ZBoardUpdate } from '@/lib/boards/schemas'
import { json } from '@/lib/http/error-response'
import { boardIdParam } from '@/lib/http/params'
import { methodNotAllowed } from '@/lib/http/route'
import { staffRoute } from '@/lib/http/staff-route'

// PATCH (or PUT) /api/admin/boards/{boardId} – change any of a board's name, description, NSFW flag, thread ids,
// country flags, threads per page and captcha (admin); fields left out keep their value
const update = staffRoute(
  { role: 'admin', params: { boardId: boardIdParam }, body: ZBoardUpdate },
  async ({ staff, params, body }) =>
    json({ message: 'Board updated successfully', board: await updateBoard(staff, params.boardId, body) }),
)
export const PATCH = update
export const PUT = update

export const { GET, POST, DELETE } = methodNotAllowed('PATCH', 'PUT')
