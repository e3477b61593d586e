import { z } from 'zod'
import { route, methodNotAllowed } from '@/lib/http/route'
import { json } from '@/lib/http/error-response'
import { getSession } from '@/lib/auth/session'
import { login } from '@/lib/auth/login'

// POST /api/admin/login – username and password (CSRF token in X-CSRF-Token or _csrf)
export const POST = route({ body: z.unknown() }, async ({ req, body, ip }) => {
  const { user, csrfToken } = await login(await getSession(), { body, ip, csrfHeader: req.headers.get('x-csrf-token') })
  return json({ message: 'Authentication successful', user, csrfToken })
})

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST')
