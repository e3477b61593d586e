import { csrfToken } from '@/lib/auth/login'
import { getSession } from '@/lib/auth/session'
import { json } from '@/lib/http/error-response'
import { route, methodNotAllowed } from '@/lib/http/route'

// GET /api/admin/csrf-token – the session's CSRF token (an anonymous session is created if needed)
export const GET = route({}, async () => {
  const token = await csrfToken(await getSession())
  return json({ csrfToken: token }, 200, { 'X-CSRF-Token': token })
})

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET')
