import { logout } from '@/lib/auth/login'
import { getSession } from '@/lib/auth/session'
import { assertCsrf } from '@/lib/auth/staff'
import { json } from '@/lib/http/error-response'
import { route, methodNotAllowed } from '@/lib/http/route'

// GET /api/admin/logout – ends the caller's own session (no CSRF needed: it can only log the caller out)
export const GET = route({}, async () => {
  await logout(await getSession())
  return json({ message: 'Logout successful' })
})

// POST /api/admin/logout – the same, with the CSRF token like every staff write
export const POST = route({}, async ({ req }) => {
  const session = await getSession()
  assertCsrf(session, req.headers.get('x-csrf-token'))
  await logout(session)
  return json({ message: 'Logout successful' })
})

export const { PUT, PATCH, DELETE } = methodNotAllowed('GET', 'POST')
