import { z } from 'zod'
import { methodNotAllowed } from '@/lib/http/route'
import { staffRoute } from '@/lib/http/staff-route'
import { json } from '@/lib/http/error-response'
import { idParam } from '@/lib/http/params'
import { requireReason, staffDeletePost } from '@/lib/moderation/staff-delete'

const body = z.object({
  boardId: z.string({ message: 'boardId is required' }).regex(/^[a-z0-9]{1,10}$/, 'boardId is required'),
  threadId: z.coerce.number({ message: 'threadId is required' }).int().positive('threadId is required'),
  reason: z.unknown().optional(),
  purgeMedia: z.boolean().optional(),
})

// DELETE /api/admin/posts/{postId} – staff delete a post (an opening post takes its thread along)
export const DELETE = staffRoute({ params: { postId: idParam('Post not found') }, body }, async ({ staff, params, body }) => {
  const reason = requireReason(body.reason, 'Reason is required')
  const { post, threadDeleted } = await staffDeletePost(body.boardId, body.threadId, params.postId, { staff, reason, purgeMedia: body.purgeMedia === true })
  return json({ message: 'Post deleted successfully', ipAddress: post.ipAddress, postContent: post.content, imageUrl: post.imageUrl, threadDeleted })
})

export const { GET, POST, PUT, PATCH } = methodNotAllowed('DELETE')
