import { json } from '@/lib/http/error-response'
import { methodNotAllowed } from '@/lib/http/route'
import { staffRoute } from '@/lib/http/staff-route'

// GET /api/admin/me – the logged-in staff user, re-read from the database
export const GET = staffRoute({}, async ({ staff }) => {
  const { canModerate: _, ...user } = staff
  return json({ user })
})

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET')
