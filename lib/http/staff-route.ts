// The wrapper for staff routes under /api/admin: the route() checks plus the session, the caller's staff record
// (401 without a session, 403 below the route's role) and, for state-changing methods, the CSRF token and the
// per-staff write limit. Who is asking is settled before the body is judged (400).
import type { z } from 'zod'
import { json } from './error-response'
import { idParam } from './params'
import {
  buildRoute,
  type BodySpec,
  type Infer,
  type ParamSpec,
  type ParsedParams,
  type RouteContext,
  type RouteHandler,
  type RouteInput,
  type RouteSpec,
} from './route'
import { getSession, type StaffSession } from '../auth/session'
import { assertCsrf, requireStaff, type Staff } from '../auth/staff'
import { consume } from '../rate-limit/limits'
import type { Role } from '../staff/schemas'

export interface StaffCaller {
  staff: Staff
  session: StaffSession
}
export type StaffContext<P, Q, B, G = undefined> = RouteContext<P, Q, B, G> & StaffCaller

export function staffRoute<
  S extends ParamSpec = ParamSpec,
  Q extends z.ZodType | undefined = undefined,
  B extends BodySpec | undefined = undefined,
  G = undefined,
>(
  spec: RouteSpec<S, Q, B, RouteInput<ParsedParams<S>, Infer<Q>> & StaffCaller, G> & { role?: Role },
  handler: (ctx: StaffContext<ParsedParams<S>, Infer<Q>, Infer<B>, G>) => Promise<Response>,
): RouteHandler {
  return buildRoute(
    spec,
    async ({ req }): Promise<StaffCaller> => {
      const session = await getSession()
      const staff = await requireStaff(session, spec.role)
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        assertCsrf(session, req.headers.get('x-csrf-token'))
        await consume(`staff:${staff.id}`, 'staffWrite')
      }
      return { staff, session }
    },
    handler,
    { role: spec.role ?? 'janitor' },
  )
}

/**
 * DELETE of one record by its `{id}` (a filter, a file ban, a range ban): `remove` acts as the staff member and
 * throws the domain's errors; the answer is `{ message }`. `notFound` is the 404 of an id that cannot exist.
 */
export function staffRemoval(
  role: Role,
  notFound: string,
  remove: (staff: Staff, id: number) => Promise<unknown>,
  message: string,
): RouteHandler {
  return staffRoute({ role, params: { id: idParam(notFound) } }, async ({ staff, params }) => {
    await remove(staff, params.id)
    return json({ message })
  })
}
