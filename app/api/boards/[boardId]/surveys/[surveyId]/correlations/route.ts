import { getBoardOrThrow } from '@/lib/boards/queries'
import { json } from '@/lib/http/error-response'
import { boardIdParam, idParam } from '@/lib/http/params'
import { route, methodNotAllowed } from '@/lib/http/route'
import { getSurveyCorrelations } from '@/lib/surveys/queries'

const params = { boardId: boardIdParam, surveyId: idParam('Survey not found') }

// GET /api/boards/{boardId}/surveys/{surveyId}/correlations – option pairs chosen together (multiple choice only)
export const GET = route({ params }, async ({ params }) => {
  await getBoardOrThrow(params.boardId)
  return json(await getSurveyCorrelations(params.boardId, params.surveyId))
})

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET')
