import { isStaffRequest } from '@/lib/auth/session-cookie'
import { assertNotBannedUnless } from '@/lib/bans/check'
import { getBoardOrThrow } from '@/lib/boards/queries'
import { jsonText } from '@/lib/http/error-response'
import { boardIdParam } from '@/lib/http/params'
import { createFromRequest } from '@/lib/http/posting'
import { MULTIPART, route, methodNotAllowed } from '@/lib/http/route'
import { boardThreadsJson } from '@/lib/render/thread-json'
import { createThread } from '@/lib/threads/create-thread'
import { THREAD_CONFIG } from '@/lib/threads/types'

const params = { boardId: boardIdParam }

// GET /api/boards/{boardId}/threads – live threads with their opening post and latest replies (ban-checked)
export const GET = route({ params }, async ({ req, params, ip }) => {
  await getBoardOrThrow(params.boardId)
  await assertNotBannedUnless(params.boardId, ip, () => isStaffRequest(req))
  return jsonText(await boardThreadsJson(params.boardId, AROUND_THE_LIST))
})

const AROUND_THE_LIST = {
  before: Buffer.from('{"threads":'),
  after: Buffer.from(`,"config":${JSON.stringify(THREAD_CONFIG)}}`),
}

// POST /api/boards/{boardId}/threads – create a thread (multipart: topic, content, image)
export const POST = route({ params, body: MULTIPART }, ({ req, params, ip }) =>
  createFromRequest(req, ip, 'Thread created successfully', (poster) =>
    createThread({ boardId: params.boardId, ...poster }),
  ),
)

export const { PUT, PATCH, DELETE } = methodNotAllowed('GET', 'POST')
