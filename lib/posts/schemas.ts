// Inputs of the public post endpoints: reading a thread's posts, deleting a post or thread. (New posts and
// threads arrive as multipart forms, read by lib/http/multipart.ts and judged in lib/posts/fields.ts.)
import { z } from 'zod'
import { idSchema } from '../http/params'

/** GET …/threads/{threadId}/posts?after=&includeSurveys= */
export const ZThreadPostsQuery = z.object({
  includeSurveys: z.enum(['true', 'false'], { message: 'includeSurveys must be "true" or "false"' }).optional(),
  after: idSchema('after must be a post id').optional(),
})

/** DELETE of a post or thread: the poster sends nothing; staff send a reason (required for them, judged later). */
export const ZDeletion = z.object({ reason: z.string().max(2000).optional(), purgeMedia: z.boolean().optional() })

/**
 * The `spoiler` field of a new thread or reply: absent or "false" is no, "true" (the API) or "on" (a checkbox
 * without a value) is yes, anything else is refused.
 */
export const ZSpoilerField = z
  .enum(['true', 'on', 'false'], { message: 'spoiler must be "true" or "false"' })
  .optional()
  .transform((v) => v === 'true' || v === 'on')
