import { z } from 'zod'
import { route, methodNotAllowed } from '@/lib/http/route'
import { json } from '@/lib/http/error-response'
import { boardIdParam, idParam } from '@/lib/http/params'
import { rescindVote, vote } from '@/lib/surveys/vote'

const params = { boardId: boardIdParam, surveyId: idParam('Survey not found') }

// POST /api/boards/{boardId}/surveys/{surveyId}/vote – vote, or replace one's vote
export const POST = route({ params, body: z.unknown() }, async ({ params, ip, body }) => json(await vote(params.boardId, params.surveyId, ip, body)))

// DELETE /api/boards/{boardId}/surveys/{surveyId}/vote – rescind one's vote
export const DELETE = route({ params }, async ({ params, ip }) => json(await rescindVote(params.boardId, params.surveyId, ip)))

export const { GET, PUT, PATCH } = methodNotAllowed('POST', 'DELETE')
