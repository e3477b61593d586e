import { json } from '@/lib/http/error-response'
import { idParam } from '@/lib/http/params'
import { methodNotAllowed } from '@/lib/http/route'
import { staffRoute } from '@/lib/http/staff-route'
import { getUserOrThrow, updateUser } from '@/lib/staff/manage-users'
import { ZUserUpdate } from '@/lib/staff/schemas'

const params = { id: idParam('User not found') }

// GET /api/admin/users/{id} – one staff account
export const GET = staffRoute({ role: 'admin', params }, async ({ params }) =>
  json({ user: await getUserOrThrow(params.id) }),
)

// PUT /api/admin/users/{id} – change username, email, password, role, boards or active flag
export const PUT = staffRoute({ role: 'admin', params, body: ZUserUpdate }, async ({ staff, params, body }) =>
  json({ message: 'User updated successfully', user: await updateUser(staff, params.id, body) }),
)

export const { POST, PATCH, DELETE } = methodNotAllowed('GET', 'PUT')
