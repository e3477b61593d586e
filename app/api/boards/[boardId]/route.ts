import { getBoardOrThrow } from '@/lib/boards/queries'
import { json } from '@/lib/http/error-response'
import { boardIdParam } from '@/lib/http/params'
import { route, methodNotAllowed } from '@/lib/http/route'

// GET /api/boards/{boardId} – one board
export const GET = route({ params: { boardId: boardIdParam } }, async ({ params }) =>
  json({ board: await getBoardOrThrow(params.boardId) }),
)

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET')
