import { getSession } from '@/lib/auth/session'
import { json } from '@/lib/http/error-response'
import { boardIdParam, idParam } from '@/lib/http/params'
import { posterKeyOf } from '@/lib/http/poster'
import { route, methodNotAllowed } from '@/lib/http/route'
import { deletePost } from '@/lib/moderation/public-delete'
import { ZDeletion } from '@/lib/posts/schemas'

const params = { boardId: boardIdParam, threadId: idParam('Thread not found'), postId: idParam('Post not found') }

// DELETE /api/boards/{boardId}/threads/{threadId}/posts/{postId} – by the poster (poster key) or by staff (reason, CSRF)
export const DELETE = route({ params, body: ZDeletion }, async ({ req, params, ip, body }) =>
  json(
    await deletePost(params.boardId, params.threadId, params.postId, {
      ip,
      body,
      posterKey: posterKeyOf(req.headers),
      csrfToken: req.headers.get('x-csrf-token'),
      session: await getSession(),
    }),
  ),
)

export const { GET, POST, PUT, PATCH } = methodNotAllowed('DELETE')
