import { z } from 'zod'
import { methodNotAllowed } from '@/lib/http/route'
import { staffRoute } from '@/lib/http/staff-route'
import { json } from '@/lib/http/error-response'
import { idParam } from '@/lib/http/params'
import { changeColor } from '@/lib/moderation/post-tools'

const body = z.object({
  boardId: z.string({ message: 'boardId is required' }).regex(/^[a-z0-9]{1,10}$/, 'boardId is required'),
  threadId: z.coerce.number({ message: 'threadId is required' }).int().positive('threadId is required'),
  color: z.unknown().optional(),
  reason: z.unknown().optional(),
})

// PUT /api/admin/posts/{postId}/color – moderators change a post's colour
export const PUT = staffRoute({ role: 'moderator', params: { postId: idParam('Post not found') }, body }, async ({ staff, params, body }) => {
  const post = await changeColor(staff, { boardId: body.boardId, threadId: body.threadId, postId: params.postId }, body.color, body.reason)
  return json({ message: 'Post color changed successfully', post })
})

export const { GET, POST, PATCH, DELETE } = methodNotAllowed('PUT')
