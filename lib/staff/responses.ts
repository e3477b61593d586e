// The AdminUser object, as a zod schema for the OpenAPI document (tests/unit/openapi-types.test.ts holds it equal
// to AdminUser in ./types.ts).
import { z } from 'zod'
import { ROLES } from './schemas'

export const ZAdminUser = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  boards: z.array(z.string()).meta({ description: 'Boards the user acts on; empty: every board' }),
  is_active: z.boolean(),
  created_at: z.string(),
  last_login: z.string().nullable(),
})

/** The user as POST /api/admin/login answers. */
export const ZLoginUser = ZAdminUser.pick({ id: true, username: true, email: true, role: true, boards: true })
