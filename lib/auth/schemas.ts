// The staff login body. The CSRF token may come in the body's _csrf field (the no-JavaScript form); it is read
// before the credentials are judged, so a request without a valid token is a 403 whatever else it holds.
import { z } from 'zod'
import { jsonObject } from '../validation'

const MISSING = { errorName: 'Username and password are required' }
const textOrEmpty = (trim: boolean) =>
  z.preprocess((v) => (typeof v === 'string' ? (trim ? v.trim() : v) : ''), z.string())

export const ZLoginCsrf = jsonObject(z.object({ _csrf: z.string().optional().catch(undefined) }))

export const ZLogin = jsonObject(
  z.object({
    username: textOrEmpty(true).refine((v) => v.length > 0, { message: 'Username is required', params: MISSING }),
    password: textOrEmpty(false).refine((v) => v.length > 0, { message: 'Password is required', params: MISSING }),
  }),
)
export type LoginCredentials = z.infer<typeof ZLogin>
