import { z } from 'zod'
import { route, methodNotAllowed } from '@/lib/http/route'
import { json } from '@/lib/http/error-response'
import { boardIdParam, idParam } from '@/lib/http/params'
import { deleteOwnPost } from '@/lib/posts/delete-by-owner'

const params = { boardId: boardIdParam, threadId: idParam('Thread not found'), postId: idParam('Post not found') }
const body = z.object({ reason: z.string().max(2000).optional(), purgeMedia: z.boolean().optional() })

// DELETE /api/boards/{boardId}/threads/{threadId}/posts/{postId} – the poster deletes their own post
export const DELETE = route({ params, body }, async ({ req, params, ip }) =>
  json(await deleteOwnPost(params.boardId, params.threadId, params.postId, { ip, cookieHeader: req.headers.get('cookie') })))

export const { GET, POST, PUT, PATCH } = methodNotAllowed('DELETE')
