import { beforeAppeal, submitAppeal } from '@/lib/bans/appeal'
import { ZAppeal } from '@/lib/bans/schemas'
import { json } from '@/lib/http/error-response'
import { boardIdParam, idParam } from '@/lib/http/params'
import { route, methodNotAllowed } from '@/lib/http/route'

// POST /api/boards/{boardId}/appeal/{banId} – the banned visitor appeals, once per ban
// The board's 404 and the appeal rate limit come before the body's 400.
export const POST = route(
  {
    params: { boardId: boardIdParam, banId: idParam('Ban not found') },
    before: ({ params, ip }) => beforeAppeal(params.boardId, ip),
    body: ZAppeal,
  },
  async ({ params, ip, body }) => json(await submitAppeal(params.boardId, params.banId, ip, body.appealText)),
)

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST')
