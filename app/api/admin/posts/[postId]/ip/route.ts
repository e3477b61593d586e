import { z } from 'zod'
import { methodNotAllowed } from '@/lib/http/route'
import { staffRoute } from '@/lib/http/staff-route'
import { json } from '@/lib/http/error-response'
import { idParam } from '@/lib/http/params'
import { lookupPostIp } from '@/lib/moderation/post-tools'

const query = z.object({
  boardId: z.string({ message: 'boardId is required' }).regex(/^[a-z0-9]{1,10}$/, 'boardId is required'),
  threadId: z.string({ message: 'threadId is required' }).regex(/^[1-9][0-9]{0,9}$/, 'threadId is required'),
})

// GET /api/admin/posts/{postId}/ip?boardId=&threadId= – the poster's address (audited)
export const GET = staffRoute({ params: { postId: idParam('Post not found') }, query }, async ({ staff, params, query }) =>
  json(await lookupPostIp(staff, { boardId: query.boardId, threadId: Number(query.threadId), postId: params.postId })))

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET')
