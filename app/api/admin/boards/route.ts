import { createBoard, listManagedBoards } from '@/lib/boards/manage'
import { ZNewBoard } from '@/lib/boards/schemas'
import { json } from '@/lib/http/error-response'
import { methodNotAllowed } from '@/lib/http/route'
import { staffRoute } from '@/lib/http/staff-route'

// GET /api/admin/boards – every board with its settings and live thread count (admin)
export const GET = staffRoute({ role: 'admin' }, async () => json({ boards: await listManagedBoards() }))

// POST /api/admin/boards – create a board (admin)
export const POST = staffRoute({ role: 'admin', body: ZNewBoard }, async ({ staff, body }) =>
  json({ message: 'Board created successfully', board: await createBoard(staff, body) }, 201),
)

export const { PUT, PATCH, DELETE } = methodNotAllowed('GET', 'POST')
