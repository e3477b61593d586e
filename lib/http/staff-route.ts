// The wrapper for staff routes under /api/admin: the route() checks plus the session, the caller's staff record
// (401/403 by role) and, for state-changing methods, the CSRF token.
import type { z } from 'zod'
import { getSession, type StaffSession } from '../auth/session'
import { assertCsrf, requireStaff, type Staff } from '../auth/staff'
import { consume } from '../rate-limit/limits'
import type { Role } from '../staff/schemas'
import type { ParamParser } from './params'
import { readJson, route, type RouteContext } from './route'

type ParamSpec = Record<string, ParamParser<unknown>>
type ParsedParams<S extends ParamSpec> = { [K in keyof S]: ReturnType<S[K]> }
type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined

export interface StaffContext<P, Q, B> extends RouteContext<P, Q, B> { staff: Staff; session: StaffSession }

export function staffRoute<S extends ParamSpec = ParamSpec, Q extends z.ZodType | undefined = undefined, B extends z.ZodType | undefined = undefined>(
  spec: { role?: Role; params?: S; query?: Q; body?: B },
  handler: (ctx: StaffContext<ParsedParams<S>, Infer<Q>, Infer<B>>) => Promise<Response>,
) {
  // Who is asking (401/403) and the CSRF token come before the body is judged (400).
  return route({ params: spec.params, query: spec.query }, async (ctx) => {
    const session = await getSession()
    const staff = await requireStaff(session, spec.role)
    if (ctx.req.method !== 'GET' && ctx.req.method !== 'HEAD') {
      assertCsrf(session, ctx.req.headers.get('x-csrf-token'))
      await consume(`staff:${staff.id}`, 'staffWrite')
    }
    const body = (spec.body ? spec.body.parse(await readJson(ctx.req)) : undefined) as Infer<B>
    return handler({ ...ctx, body, staff, session })
  })
}
