import { z } from 'zod'
import { route, methodNotAllowed } from '@/lib/http/route'
import { json } from '@/lib/http/error-response'
import { boardIdParam, idParam } from '@/lib/http/params'
import { submitAppeal } from '@/lib/bans/appeal'

// POST /api/boards/{boardId}/appeal/{banId} – the banned visitor appeals, once per ban
export const POST = route({ params: { boardId: boardIdParam, banId: idParam('Ban not found') }, body: z.unknown() },
  async ({ params, ip, body }) => json(await submitAppeal(params.boardId, params.banId, ip, body)))

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST')
