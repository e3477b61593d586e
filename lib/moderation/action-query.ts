// Query parameters shared by the action log and IP history routes.
import { z } from 'zod'
import { parseActionTypes, parseDate, type ActionFilters } from './actions'

const id = z.string().regex(/^[1-9][0-9]{0,9}$/, 'must be a positive integer').optional()

export const ZActionQuery = z.object({
  action_type: z.string().optional(), board_id: z.string().regex(/^[a-z0-9]{1,10}$/, 'must be a board id').optional(),
  admin_user_id: id, thread_id: id, post_id: id, ban_id: id, ip_address: z.string().optional(),
  start_date: z.string().optional(), end_date: z.string().optional(), limit: z.string().optional(), offset: z.string().optional(),
})

export function actionFilters(q: z.infer<typeof ZActionQuery>): ActionFilters {
  const num = (v?: string) => (v ? Number(v) : undefined)
  return {
    actionTypes: parseActionTypes(q.action_type), boardId: q.board_id, adminUserId: num(q.admin_user_id), threadId: num(q.thread_id),
    postId: num(q.post_id), banId: num(q.ban_id), ipAddress: q.ip_address, start: parseDate(q.start_date, 'start_date'), end: parseDate(q.end_date, 'end_date'),
  }
}
