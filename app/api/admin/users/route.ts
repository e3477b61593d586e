import { json } from '@/lib/http/error-response'
import { methodNotAllowed } from '@/lib/http/route'
import { staffRoute } from '@/lib/http/staff-route'
import { addUser, listUsers } from '@/lib/staff/manage-users'
import { ZNewUser } from '@/lib/staff/schemas'

// GET /api/admin/users – every staff account (admins only)
export const GET = staffRoute({ role: 'admin' }, async () => json({ users: await listUsers() }))

// POST /api/admin/users – create a staff account
export const POST = staffRoute({ role: 'admin', body: ZNewUser }, async ({ body }) =>
  json({ message: 'Admin user created successfully', user: await addUser(body) }, 201),
)

export const { PUT, PATCH, DELETE } = methodNotAllowed('GET', 'POST')
