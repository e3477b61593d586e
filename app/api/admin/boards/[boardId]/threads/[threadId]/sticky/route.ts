import { json } from '@/lib/http/error-response'
import { boardIdParam, idParam } from '@/lib/http/params'
import { methodNotAllowed } from '@/lib/http/route'
import { staffRoute } from '@/lib/http/staff-route'
import { setSticky } from '@/lib/moderation/sticky'

const params = { boardId: boardIdParam, threadId: idParam('Thread not found') }

// PUT …/sticky – make a thread sticky
export const PUT = staffRoute({ role: 'moderator', params }, async ({ staff, params }) =>
  json({
    message: 'Thread made sticky successfully',
    thread: await setSticky(staff, params.boardId, params.threadId, true),
  }),
)

// DELETE …/sticky – remove sticky (re-applies the thread cap)
export const DELETE = staffRoute({ role: 'moderator', params }, async ({ staff, params }) =>
  json({
    message: 'Thread sticky status removed successfully',
    thread: await setSticky(staff, params.boardId, params.threadId, false),
  }),
)

export const { GET, POST, PATCH } = methodNotAllowed('PUT', 'DELETE')
