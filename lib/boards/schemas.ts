// Bodies of the admin board endpoints: create a board, change its settings.
import { z } from 'zod'
import { THREADS_PER_PAGE } from './types'
import { CAPTCHA_MODES } from '../captcha/modes'
import { BOARD_ID } from '../http/params'
import { codePoints, normalizeText } from '../text/normalize'
import { bodyIssue } from '../validation'

export const BOARD_NAME_MAX = 50
export const BOARD_DESCRIPTION_MAX = 200

/** Text under the site's text rules: CRLF → LF, trimmed, lengths in code points. */
function text(label: string, max: number, required: boolean) {
  return z
    .string({ error: (iss) => (iss.input === undefined ? `${label} is required` : `${label} must be text`) })
    .transform(normalizeText)
    .refine((v) => !required || v.length > 0, `${label} is required`)
    .refine((v) => codePoints(v) <= max, `${label} must be ${max} characters or less`)
}

const flag = (field: string) => z.boolean({ error: `${field} must be true or false` })

const ZSettings = z.object({
  name: text('Name', BOARD_NAME_MAX, true),
  description: text('Description', BOARD_DESCRIPTION_MAX, false),
  nsfw: flag('nsfw'),
  thread_ids_enabled: flag('thread_ids_enabled'),
  country_flags_enabled: flag('country_flags_enabled'),
  threads_per_page: z
    .number({ error: 'threads_per_page must be a whole number' })
    .int('threads_per_page must be a whole number')
    .min(THREADS_PER_PAGE.min, `threads_per_page must be between ${THREADS_PER_PAGE.min} and ${THREADS_PER_PAGE.max}`)
    .max(THREADS_PER_PAGE.max, `threads_per_page must be between ${THREADS_PER_PAGE.min} and ${THREADS_PER_PAGE.max}`),
  captcha: z.enum(CAPTCHA_MODES, { error: 'captcha must be off, threads or all' }),
})

export type BoardSettings = z.infer<typeof ZSettings>

/** A JSON null body counts as an empty one. */
const orEmpty = (v: unknown) => v ?? {}

export const ZNewBoard = z.preprocess(
  orEmpty,
  ZSettings.extend({
    id: z
      .string({ error: 'Board ID is required' })
      .trim()
      .regex(BOARD_ID, 'Board ID must be 1–10 lowercase letters or digits'),
    description: ZSettings.shape.description.default(''),
    nsfw: ZSettings.shape.nsfw.default(false),
    thread_ids_enabled: ZSettings.shape.thread_ids_enabled.default(false),
    country_flags_enabled: ZSettings.shape.country_flags_enabled.default(false),
    threads_per_page: ZSettings.shape.threads_per_page.default(THREADS_PER_PAGE.default),
    // Without one, a new board gets CAPTCHA_DEFAULT.
    captcha: ZSettings.shape.captcha.optional(),
  }),
)
export type NewBoard = z.infer<typeof ZNewBoard>

export const ZBoardUpdate = z.preprocess(
  orEmpty,
  ZSettings.partial().refine(
    (s) => Object.values(s).some((v) => v !== undefined),
    bodyIssue('No valid fields to update'),
  ),
)
export type BoardUpdate = z.infer<typeof ZBoardUpdate>
