import { json } from '@/lib/http/error-response'
import { idParam } from '@/lib/http/params'
import { methodNotAllowed } from '@/lib/http/route'
import { staffRoute } from '@/lib/http/staff-route'
import { ZStaffPostDeletion } from '@/lib/moderation/schemas'
import { staffDeletePost } from '@/lib/moderation/staff-delete'

// DELETE /api/admin/posts/{postId} – staff delete a post (an opening post takes its thread along)
export const DELETE = staffRoute(
  { params: { postId: idParam('Post not found') }, body: ZStaffPostDeletion },
  async ({ staff, params, body }) => {
    const { post, threadDeleted } = await staffDeletePost(body.boardId, body.threadId, params.postId, {
      staff,
      reason: body.reason,
      purgeMedia: body.purgeMedia === true,
    })
    return json({
      message: 'Post deleted successfully',
      ipAddress: post.ipAddress,
      postContent: post.content,
      imageUrl: post.imageUrl,
      threadDeleted,
    })
  },
)

export const { GET, POST, PUT, PATCH } = methodNotAllowed('DELETE')
