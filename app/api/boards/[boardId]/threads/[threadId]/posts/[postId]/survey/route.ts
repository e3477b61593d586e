import { z } from 'zod'
import { route, methodNotAllowed } from '@/lib/http/route'
import { json } from '@/lib/http/error-response'
import { boardIdParam, idParam } from '@/lib/http/params'
import { getBoardOrThrow } from '@/lib/boards/queries'
import { getPostSurvey } from '@/lib/surveys/queries'
import { createSurvey } from '@/lib/surveys/create-survey'
import { posterKeyOf } from '@/lib/http/poster'

const params = { boardId: boardIdParam, threadId: idParam('Thread not found'), postId: idParam('Post not found') }

// GET …/posts/{postId}/survey – the post's survey with the caller's own response
export const GET = route({ params }, async ({ params, ip }) => {
  await getBoardOrThrow(params.boardId)
  return json({ survey: await getPostSurvey(params.boardId, params.threadId, params.postId, ip) })
})

// POST …/posts/{postId}/survey – the post's owner attaches a poll (the body is judged after the other checks)
export const POST = route({ params, body: z.unknown() }, async ({ req, params, ip, body }) => {
  const survey = await createSurvey({ ...params, ip, posterKey: posterKeyOf(req.headers), body })
  return json({ message: 'Survey created successfully', survey }, 201)
})

export const { PUT, PATCH, DELETE } = methodNotAllowed('GET', 'POST')
