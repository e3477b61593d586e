import { json } from '@/lib/http/error-response'
import { boardIdParam, idParam } from '@/lib/http/params'
import { route, methodNotAllowed } from '@/lib/http/route'
import { ZVote } from '@/lib/surveys/schemas'
import { openSurveyForVote, rescindVote, vote } from '@/lib/surveys/vote'

const params = { boardId: boardIdParam, surveyId: idParam('Survey not found') }

// POST /api/boards/{boardId}/surveys/{surveyId}/vote – vote, or replace one's vote (the survey's checks come before the body's)
export const POST = route(
  { params, before: ({ params, ip }) => openSurveyForVote(params.boardId, params.surveyId, ip), body: ZVote },
  async ({ ip, body, before: survey }) => json(await vote(survey, ip, body.option_ids)),
)

// DELETE /api/boards/{boardId}/surveys/{surveyId}/vote – rescind one's vote
export const DELETE = route({ params }, async ({ params, ip }) =>
  json(await rescindVote(params.boardId, params.surveyId, ip)),
)

export const { GET, PUT, PATCH } = methodNotAllowed('POST', 'DELETE')
