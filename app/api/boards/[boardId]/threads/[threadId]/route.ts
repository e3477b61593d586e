import { getSession } from '@/lib/auth/session'
import { getBoardOrThrow } from '@/lib/boards/queries'
import { json } from '@/lib/http/error-response'
import { boardIdParam, idParam } from '@/lib/http/params'
import { posterKeyOf } from '@/lib/http/poster'
import { route, methodNotAllowed } from '@/lib/http/route'
import { deleteThread } from '@/lib/moderation/public-delete'
import { ZDeletion } from '@/lib/posts/schemas'
import { getThreadOrThrow } from '@/lib/threads/queries'
import { THREAD_CONFIG } from '@/lib/threads/types'
import { DEAD_THREAD_RETENTION_HOURS } from '@/lib/time'

const params = { boardId: boardIdParam, threadId: idParam('Thread not found') }

// GET /api/boards/{boardId}/threads/{threadId} – one thread, live or dead (not ban-checked)
export const GET = route({ params }, async ({ params }) => {
  await getBoardOrThrow(params.boardId)
  return json({
    thread: await getThreadOrThrow(params.boardId, params.threadId),
    config: { ...THREAD_CONFIG, deadThreadRetentionHours: DEAD_THREAD_RETENTION_HOURS },
  })
})

// DELETE /api/boards/{boardId}/threads/{threadId} – by the opening poster (poster key) or by staff (reason, CSRF)
export const DELETE = route({ params, body: ZDeletion }, async ({ req, params, ip, body }) =>
  json(
    await deleteThread(params.boardId, params.threadId, {
      ip,
      body,
      posterKey: posterKeyOf(req.headers),
      csrfToken: req.headers.get('x-csrf-token'),
      session: await getSession(),
    }),
  ),
)

export const { POST, PUT, PATCH } = methodNotAllowed('GET', 'DELETE')
