// The error bodies lib/http/error-response.ts answers with, as zod schemas for the OpenAPI document. Every error
// has at least `error`; validation adds one `details` entry per failing field.
import { z } from 'zod'

export const ZErrorBody = z
  .object({ error: z.string().meta({ description: 'A fixed name or a short sentence a client can show' }) })
  .meta({ id: 'Error' })

export const ZValidationErrorBody = z
  .object({
    error: z
      .string()
      .meta({ description: '"Validation failed", or a named variant ("Content too long", "No content", …)' }),
    details: z.array(z.object({ field: z.string(), message: z.string() }).loose()),
  })
  .meta({ id: 'ValidationError' })

export const ZPostRejectedBody = z
  .object({ error: z.literal('Post rejected'), message: z.string() })
  .meta({ id: 'PostRejected' })

export const ZDuplicatePostBody = z
  .object({ error: z.literal('Duplicate post'), message: z.string() })
  .meta({ id: 'DuplicatePost' })

/** The post a ban was given for, as the banned visitor and the staff (lib/bans/responses.ts) both see it. */
export const BANNED_POST_FIELDS = {
  post_content: z.string().nullable(),
  post_image_url: z.string().nullable(),
  thread_id: z.number().int().nullable(),
  post_id: z.number().int().nullable(),
}

export const ZBanErrorBody = z
  .object({
    error: z.enum(['Banned', 'Rangebanned']),
    message: z.string(),
    ban: z
      .object({
        id: z.number().int(),
        reason: z.string(),
        expires_at: z.string().nullable(),
        appeal_status: z.string().nullable(),
        ...BANNED_POST_FIELDS,
        board_id: z.string().nullable().meta({ description: 'The board of the ban; null: every board' }),
      })
      .optional(),
    rangeban: z
      .object({
        type: z.string(),
        value: z.string(),
        country_name: z.string().optional(),
        reason: z.string(),
        expires_at: z.string().nullable(),
        board_id: z.string().nullable().meta({ description: 'The board of the range ban; null: every board' }),
      })
      .optional(),
  })
  .meta({ id: 'BanError' })

export const ZFileTooLargeBody = z
  .object({ error: z.string(), message: z.string().optional(), maxBytes: z.number().int().optional() })
  .meta({ id: 'TooLargeError' })

export const ZInvalidFileTypeBody = z
  .object({ error: z.literal('Invalid file type'), message: z.string() })
  .meta({ id: 'InvalidFileTypeError' })

export const ZRateLimitedBody = z
  .object({ error: z.literal('Rate limited'), retryAfter: z.number().int().min(1) })
  .meta({ id: 'RateLimitedError' })

export const ZInternalErrorBody = z
  .object({
    error: z.literal('Internal error'),
    requestId: z.string().meta({ description: 'The id of the request in the server log' }),
  })
  .meta({ id: 'InternalError' })
