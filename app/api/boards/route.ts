import { route, methodNotAllowed } from '@/lib/http/route'
import { json } from '@/lib/http/error-response'
import { listBoards } from '@/lib/boards/queries'

// GET /api/boards – every board, sorted by id
export const GET = route({}, async () => json({ boards: await listBoards() }))

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET')
