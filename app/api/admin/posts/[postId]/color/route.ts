import { assertCanModerate } from '@/lib/auth/staff'
import { json } from '@/lib/http/error-response'
import { idParam } from '@/lib/http/params'
import { methodNotAllowed } from '@/lib/http/route'
import { staffRoute } from '@/lib/http/staff-route'
import { changeColor } from '@/lib/moderation/post-tools'
import { ZColorChange, ZPostRef } from '@/lib/moderation/schemas'

// PUT /api/admin/posts/{postId}/color – moderators change a post's colour (the board scope's 403 comes before a bad colour's 400)
export const PUT = staffRoute(
  {
    role: 'moderator',
    params: { postId: idParam('Post not found') },
    body: ZColorChange,
    before: async ({ staff, unparsedBody }) => assertCanModerate(staff, ZPostRef.parse(unparsedBody).boardId),
  },
  async ({ staff, params, body }) => {
    const post = await changeColor(
      staff,
      { boardId: body.boardId, threadId: body.threadId, postId: params.postId },
      body.color,
      body.reason,
    )
    return json({ message: 'Post color changed successfully', post })
  },
)

export const { GET, POST, PATCH, DELETE } = methodNotAllowed('PUT')
