import { route, methodNotAllowed } from '@/lib/http/route'
import { json } from '@/lib/http/error-response'
import { boardIdParam, idParam } from '@/lib/http/params'
import { getBoardOrThrow } from '@/lib/boards/queries'
import { getThreadOrThrow } from '@/lib/threads/queries'
import { DEAD_THREAD_RETENTION_HOURS, THREAD_CONFIG } from '@/lib/threads/types'

const params = { boardId: boardIdParam, threadId: idParam('Thread not found') }

// GET /api/boards/{boardId}/threads/{threadId} – one thread, live or dead (not ban-checked)
export const GET = route({ params }, async ({ params }) => {
  await getBoardOrThrow(params.boardId)
  return json({
    thread: await getThreadOrThrow(params.boardId, params.threadId),
    config: { ...THREAD_CONFIG, deadThreadRetentionHours: DEAD_THREAD_RETENTION_HOURS },
  })
})

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET')
