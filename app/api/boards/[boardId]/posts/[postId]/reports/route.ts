import { json } from '@/lib/http/error-response'
import { boardIdParam, idParam } from '@/lib/http/params'
import { methodNotAllowed, route } from '@/lib/http/route'
import { createReport, reportTarget } from '@/lib/reports/create'
import { ZNewReport } from '@/lib/reports/schemas'

const params = { boardId: boardIdParam, postId: idParam('Post not found') }

// POST /api/boards/{boardId}/posts/{postId}/reports – a visitor reports a post (board, ban, post and rate limit answer before the body)
export const POST = route(
  { params, before: ({ params, ip }) => reportTarget(params.boardId, params.postId, ip), body: ZNewReport },
  async ({ ip, body, before: target }) =>
    (await createReport(target, ip, body))
      ? json({ message: 'Report received' }, 201)
      : json({ message: 'Report received' }, 200),
)

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST')
