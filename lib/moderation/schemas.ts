// Inputs of the staff post tools: which post (board and thread ride along in the body or query, the post id in
// the path), colour changes and deletions.
import { z } from 'zod'
import { ZNote } from '../bans/schemas'
import { boardIdSchema, idSchema } from '../http/params'
import { REASON_MAX } from '../limits'
import { POST_COLORS } from '../posts/types'
import { codePoints } from '../text/normalize'
import { normalizedText } from '../text/schemas'
import { oneIssueAtATime } from '../validation'

/** GET …/posts/{postId}/ip?boardId=&threadId= */
export const ZPostRefQuery = z.object({
  boardId: boardIdSchema('boardId is required'),
  threadId: idSchema('threadId is required'),
})

/** The board and thread of the post in a JSON body (the thread id may be a number or a string of digits). */
export const ZPostRef = z.object({
  boardId: boardIdSchema('boardId is required'),
  threadId: z.coerce.number({ message: 'threadId is required' }).int().positive('threadId is required'),
})

/** PUT …/posts/{postId}/color: the post's board and thread first (the caller's board scope is checked next), then colour and note. */
export const ZColorChange = oneIssueAtATime(
  ZPostRef.extend({
    color: z.enum(POST_COLORS, { message: `Invalid color. Use one of: ${POST_COLORS.join(', ')}` }),
    reason: ZNote,
  }),
)

/** DELETE /api/admin/posts/{postId}: the reason is judged once the other fields are right. */
export const ZStaffPostDeletion = ZPostRef.extend({
  purgeMedia: z.boolean().optional(),
  reason: normalizedText(),
}).superRefine(({ reason }, ctx) => {
  if (!reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Reason is required' })
  else if (codePoints(reason) > REASON_MAX)
    ctx.addIssue({ code: 'custom', path: ['reason'], message: `Reason must be ${REASON_MAX} characters or less` })
})
