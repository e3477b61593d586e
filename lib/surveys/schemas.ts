// Survey creation and vote bodies. Both are judged only after the survey's other checks (existence, archive,
// ownership, rate limit), which the routes run in their `before` step.
import { z } from 'zod'
import { isId, isNumericId } from '../http/params'
import {
  SURVEY_OPTIONS_MAX as OPTIONS_MAX,
  SURVEY_OPTIONS_MIN as OPTIONS_MIN,
  SURVEY_TEXT_MAX as TEXT_MAX,
} from '../limits'
import { codePoints, normalizeText } from '../text/normalize'
import { jsonObject } from '../validation'

/** Line breaks in questions and options become spaces; then the usual trimming applies. */
const oneLine = (v: unknown) => normalizeText(v).replace(/\n+/g, ' ')

/** Options: anything but a list counts as none; each entry must be non-empty text within the length limit. */
const ZOptions = z
  .preprocess((v) => (Array.isArray(v) ? v : []), z.array(z.unknown()))
  .transform((raw, ctx) => {
    const options = raw.map(oneLine)
    if (options.filter(Boolean).length < OPTIONS_MIN)
      ctx.addIssue({ code: 'custom', message: `Survey must have at least ${OPTIONS_MIN} options` })
    else if (options.length > OPTIONS_MAX)
      ctx.addIssue({ code: 'custom', message: `Survey can have at most ${OPTIONS_MAX} options` })
    else {
      options.forEach((o, i) => {
        if (typeof raw[i] !== 'string' || !o)
          ctx.addIssue({ code: 'custom', path: [i], message: `Option ${i + 1} must not be empty` })
        else if (codePoints(o) > TEXT_MAX)
          ctx.addIssue({ code: 'custom', path: [i], message: `Option ${i + 1} must be ${TEXT_MAX} characters or less` })
      })
    }
    return options
  })

export const ZNewSurvey = jsonObject(
  z.object({
    survey_type: z.enum(['single', 'multiple'], { message: 'Survey type must be "single" or "multiple"' }),
    question: z
      .preprocess(oneLine, z.string())
      .refine((q) => q.length > 0, { message: 'Survey question is required', abort: true })
      .refine((q) => codePoints(q) <= TEXT_MAX, `Question must be ${TEXT_MAX} characters or less`),
    options: ZOptions,
  }),
)
export type NewSurvey = z.infer<typeof ZNewSurvey>

const SELECT_ONE = 'Please select at least one option'

/** option_ids: numbers or decimal strings; duplicates collapse. Membership is checked against the survey. */
export const ZVote = jsonObject(
  z.object({
    option_ids: z
      .array(z.unknown(), { message: SELECT_ONE })
      .min(1, SELECT_ONE)
      .transform((raw, ctx) => {
        const ids = raw.map((v) =>
          typeof v === 'number' ? v : typeof v === 'string' && isNumericId(v) ? Number(v) : NaN,
        )
        const invalid = raw.filter((_, i) => !isId(ids[i]))
        if (invalid.length) ctx.addIssue({ code: 'custom', message: 'Invalid option IDs', params: { invalid } })
        return [...new Set(ids)]
      }),
  }),
)
