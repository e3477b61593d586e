import { listBoards } from '@/lib/boards/queries'
import { json } from '@/lib/http/error-response'
import { route, methodNotAllowed } from '@/lib/http/route'

// GET /api/boards – every board, sorted by id
export const GET = route({}, async () => json({ boards: await listBoards() }))

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET')
