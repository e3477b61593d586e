import { login, sessionForLogin } from '@/lib/auth/login'
import { ZLogin } from '@/lib/auth/schemas'
import { json } from '@/lib/http/error-response'
import { route, methodNotAllowed } from '@/lib/http/route'

// POST /api/admin/login – username and password (CSRF token in X-CSRF-Token or _csrf, checked before the credentials)
export const POST = route(
  { before: ({ req, unparsedBody }) => sessionForLogin(req.headers.get('x-csrf-token'), unparsedBody), body: ZLogin },
  async ({ body, ip, before: session }) => {
    const { user, csrfToken } = await login(session, body, ip)
    return json({ message: 'Authentication successful', user, csrfToken })
  },
)

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST')
