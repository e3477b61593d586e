// Query parameters shared by the action log and IP history routes.
import { z } from 'zod'
import { parseActionTypes, parseDate, type ActionFilters } from './actions'
import { boardIdSchema, idSchema } from '../http/params'

const id = idSchema('must be a positive integer').optional()

export const ZActionQuery = z.object({
  action_type: z.string().optional(),
  board_id: boardIdSchema('must be a board id').optional(),
  admin_user_id: id,
  thread_id: id,
  post_id: id,
  ban_id: id,
  ip_address: z.string().optional(),
  start_date: z.string().optional(),
  end_date: z.string().optional(),
  limit: z.string().optional(),
  offset: z.string().optional(),
})

export function actionFilters(q: z.infer<typeof ZActionQuery>): ActionFilters {
  return {
    actionTypes: parseActionTypes(q.action_type),
    boardId: q.board_id,
    adminUserId: q.admin_user_id,
    threadId: q.thread_id,
    postId: q.post_id,
    banId: q.ban_id,
    ipAddress: q.ip_address,
    start: parseDate(q.start_date, 'start_date'),
    end: parseDate(q.end_date, 'end_date'),
  }
}
