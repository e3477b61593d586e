import { getBoardOrThrow } from '@/lib/boards/queries'
import { json } from '@/lib/http/error-response'
import { boardIdParam, idParam } from '@/lib/http/params'
import { route, methodNotAllowed } from '@/lib/http/route'
import { getResults } from '@/lib/surveys/queries'

const params = { boardId: boardIdParam, surveyId: idParam('Survey not found') }

// GET /api/boards/{boardId}/surveys/{surveyId}/results – vote counts and percentages
export const GET = route({ params }, async ({ params }) => {
  await getBoardOrThrow(params.boardId)
  return json({ results: await getResults(params.boardId, params.surveyId) })
})

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET')
