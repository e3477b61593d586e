import { getBoardOrThrow } from '@/lib/boards/queries'
import { json } from '@/lib/http/error-response'
import { boardIdParam, idParam } from '@/lib/http/params'
import { posterKeyOf } from '@/lib/http/poster'
import { route, methodNotAllowed } from '@/lib/http/route'
import { assertMayAttachSurvey, createSurvey } from '@/lib/surveys/create-survey'
import { getPostSurvey } from '@/lib/surveys/queries'
import { ZNewSurvey } from '@/lib/surveys/schemas'

const params = { boardId: boardIdParam, threadId: idParam('Thread not found'), postId: idParam('Post not found') }

// GET …/posts/{postId}/survey – the post's survey with the caller's own response
export const GET = route({ params }, async ({ params, ip }) => {
  await getBoardOrThrow(params.boardId)
  return json({ survey: await getPostSurvey(params.boardId, params.threadId, params.postId, ip) })
})

// POST …/posts/{postId}/survey – the post's owner attaches a poll (the body is judged after the other checks)
export const POST = route(
  {
    params,
    before: ({ req, params, ip }) => assertMayAttachSurvey(params, ip, posterKeyOf(req.headers)),
    body: ZNewSurvey,
  },
  async ({ params, body }) =>
    json({ message: 'Survey created successfully', survey: await createSurvey(params, body) }, 201),
)

export const { PUT, PATCH, DELETE } = methodNotAllowed('GET', 'POST')
