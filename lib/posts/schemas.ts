// Inputs of the public post endpoints: reading a thread's posts, deleting a post or thread. (New posts and
// threads arrive as multipart forms, read by lib/http/multipart.ts and judged in lib/posts/fields.ts.)
import { z } from 'zod'
import { idSchema } from '../http/params'
import { MAX_FILE_BYTES, OP_CONTENT_MAX, REPLY_CONTENT_MAX, TOPIC_MAX } from '../limits'
import { ALLOWED_MEDIA_TEXT } from '../media/content-types'

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

/** The file of a new thread or reply: one multipart field `image`, at most 4 MiB, of an allowed media type. */
const ZImageField = z.file().meta({ description: `At most ${MAX_FILE_BYTES} bytes: ${ALLOWED_MEDIA_TEXT}` })

/**
 * The multipart fields of POST /api/boards/{boardId}/threads as the OpenAPI document describes them; they are
 * judged by threadFields() in ./fields.ts (every failing field reported).
 */
export const ZThreadForm = z.object({
  topic: z.string().meta({ description: `Required, at most ${TOPIC_MAX} characters` }),
  content: z.string().meta({ description: `Required, at most ${OP_CONTENT_MAX} characters` }),
  image: ZImageField,
  spoiler: ZSpoilerField.meta({ description: '"true" (or "on") hides the file behind a placeholder' }),
  captcha: z.string().optional().meta({
    description:
      'The solved proof-of-work payload (base64 JSON) where the board asks for a captcha; see GET /api/captcha',
  }),
})

/** The multipart fields of POST …/threads/{threadId}/posts, judged by replyFields() in ./fields.ts. */
export const ZReplyForm = z.object({
  content: z
    .string()
    .optional()
    .meta({
      description: `At most ${REPLY_CONTENT_MAX} characters; a reply needs content, a file or both`,
    }),
  image: ZImageField.optional(),
  dont_bump: z.enum(['true', 'false']).optional().meta({ description: '"true": the reply does not bump the thread' }),
  spoiler: ZSpoilerField.meta({ description: '"true" (or "on") hides the file behind a placeholder' }),
  captcha: z.string().optional().meta({
    description:
      'The solved proof-of-work payload (base64 JSON) where the board asks for a captcha; see GET /api/captcha',
  }),
})
