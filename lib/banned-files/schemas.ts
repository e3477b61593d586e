// Inputs of the banned-file list: POST /api/admin/files bans the file of a post.
import { z } from 'zod'
import { BAN_DURATIONS } from '../bans/durations'
import { isId } from '../http/params'
import { REASON_MAX } from '../limits'
import { requiredText } from '../text/schemas'
import { jsonObject } from '../validation'

/** More entries than this are refused: every image upload is compared against all of them. */
export const MAX_BANNED_FILES = 10_000

const DURATION_VALUES = BAN_DURATIONS.map((d) => d.value)

const ZBan = z.object({
  postId: z.number({ message: 'postId must be a post id' }).refine(isId, 'postId must be a post id'),
  reason: requiredText(REASON_MAX, 'Reason is required', `Reason must be ${REASON_MAX} characters or less`),
  deletePosts: z.boolean({ message: 'deletePosts must be true or false' }).optional().default(false),
  banPoster: z.boolean({ message: 'banPoster must be true or false' }).optional().default(false),
  banDuration: z
    .enum(DURATION_VALUES, { message: `banDuration must be one of ${DURATION_VALUES.join(', ')}` })
    .optional(),
})

/** POST /api/admin/files: `{ postId, reason, deletePosts?, banPoster?, banDuration? }`. */
export const ZBanFile = jsonObject(ZBan)
export type BanFileInput = z.infer<typeof ZBanFile>
