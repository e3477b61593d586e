// Inputs of visitor reports and of the staff report queue.
import { z } from 'zod'
import { REPORT_CATEGORIES } from './categories'
import { boardIdSchema } from '../http/params'
import { REPORT_REASON_MAX } from '../limits'
import { optionalText } from '../text/schemas'
import { oneIssueAtATime } from '../validation'

const category = z.enum(REPORT_CATEGORIES, { message: `Category must be one of: ${REPORT_CATEGORIES.join(', ')}` })

/** POST /api/boards/{boardId}/posts/{postId}/reports */
export const ZNewReport = oneIssueAtATime(
  z.object({
    category,
    reason: optionalText(REPORT_REASON_MAX, `Reason must be ${REPORT_REASON_MAX} characters or less`),
  }),
)
export type NewReport = z.infer<typeof ZNewReport>

/** GET /api/admin/reports?board=&category= (an empty value means no filter) */
export const ZReportQuery = z.object({
  board: z.preprocess((v) => (v === '' ? undefined : v), boardIdSchema('Invalid board').optional()),
  category: z.preprocess((v) => (v === '' ? undefined : v), category.optional()),
})
export type ReportQuery = z.infer<typeof ZReportQuery>
