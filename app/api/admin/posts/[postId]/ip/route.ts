import { json } from '@/lib/http/error-response'
import { idParam } from '@/lib/http/params'
import { methodNotAllowed } from '@/lib/http/route'
import { staffRoute } from '@/lib/http/staff-route'
import { lookupPostIp } from '@/lib/moderation/post-tools'
import { ZPostRefQuery } from '@/lib/moderation/schemas'

// GET /api/admin/posts/{postId}/ip?boardId=&threadId= – the poster's address (audited)
export const GET = staffRoute(
  { params: { postId: idParam('Post not found') }, query: ZPostRefQuery },
  async ({ staff, params, query }) =>
    json(await lookupPostIp(staff, { boardId: query.boardId, threadId: query.threadId, postId: params.postId })),
)

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET')
