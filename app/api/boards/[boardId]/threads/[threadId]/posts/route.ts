import { isStaffRequest } from '@/lib/auth/session-cookie'
import { assertNotBannedUnless } from '@/lib/bans/check'
import { getBoardOrThrow } from '@/lib/boards/queries'
import { jsonText } from '@/lib/http/error-response'
import { boardIdParam, idParam } from '@/lib/http/params'
import { createFromRequest } from '@/lib/http/posting'
import { MULTIPART, route, methodNotAllowed } from '@/lib/http/route'
import { createReply } from '@/lib/posts/create-reply'
import { ZThreadPostsQuery } from '@/lib/posts/schemas'
import { threadPostsJson } from '@/lib/render/thread-json'

const params = { boardId: boardIdParam, threadId: idParam('Thread not found') }

// GET /api/boards/{boardId}/threads/{threadId}/posts – the thread's posts (ban-checked)
export const GET = route({ params, query: ZThreadPostsQuery }, async ({ req, params, query, ip }) => {
  await getBoardOrThrow(params.boardId)
  await assertNotBannedUnless(params.boardId, ip, () => isStaffRequest(req))
  const body = await threadPostsJson(params.boardId, params.threadId, {
    after: query.after,
    includeSurveys: query.includeSurveys !== 'false',
  })
  return jsonText(body)
})

// POST /api/boards/{boardId}/threads/{threadId}/posts – reply (multipart: content, image, dont_bump)
export const POST = route({ params, body: MULTIPART }, ({ req, params, ip }) =>
  createFromRequest(req, ip, 'Post created successfully', (poster) => createReply({ ...params, ...poster })),
)

export const { PUT, PATCH, DELETE } = methodNotAllowed('GET', 'POST')
