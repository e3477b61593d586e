// Bodies of the ban endpoints: staff create and update bans, a banned visitor appeals.
import { z } from 'zod'
import { boardExists } from '../boards/queries'
import { boardIdSchema, isId } from '../http/params'
import { REASON_MAX } from '../limits'
import { normalizeIp } from '../net/ip'
import { normalizedText, optionalText, requiredText } from '../text/schemas'
import { jsonObject, oneIssueAtATime } from '../validation'

export const APPEAL_MAX = 2000

const EXPIRY_FORMAT = 'expires_at must be an ISO time with a time zone, or null'
const ISO_WITH_ZONE = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/

/** An expiry: an ISO time with an explicit offset or Z, in the future; null means permanent. */
export const ZExpiry = z
  .string({ message: EXPIRY_FORMAT })
  .regex(ISO_WITH_ZONE, { message: EXPIRY_FORMAT, abort: true })
  .refine((s) => !Number.isNaN(Date.parse(s)), { message: EXPIRY_FORMAT, abort: true })
  .transform((s) => new Date(s))
  .refine((at) => at > new Date(), 'expires_at must be in the future')
  .nullable()

/** Absent, null or "" is no board; anything else must name an existing board. */
export const ZOptionalBoard = z
  .preprocess((v) => (v === null || v === undefined || v === '' ? null : String(v)), z.string().nullable())
  .superRefine(async (id, ctx) => {
    if (id !== null && !(await boardExists(id))) ctx.addIssue({ code: 'custom', message: `Unknown board: ${id}` })
  })

/** Absent, null or "" is none; otherwise a positive id as a number or a string of digits. */
const optionalId = (field: string) =>
  z.preprocess(
    (v) =>
      v === null || v === undefined || v === ''
        ? null
        : typeof v === 'number'
          ? v
          : typeof v === 'string' && /^\d+$/.test(v)
            ? Number(v)
            : NaN,
    z
      .number({ message: `${field} must be an integer` })
      .refine(isId, `${field} must be an integer`)
      .nullable(),
  )

export const ZReason = requiredText(REASON_MAX, 'Reason is required', `Reason must be ${REASON_MAX} characters or less`)
/** A staff note that may be left out. */
export const ZNote = optionalText(REASON_MAX, `Reason must be ${REASON_MAX} characters or less`)

/** POST /api/admin/bans: every failing field is reported. The post fields are taken only when they are text. */
export const ZNewBan = jsonObject(
  z.object({
    ip_address: normalizedText()
      .refine((v) => v.length > 0, { message: 'IP address is required', abort: true })
      .transform((raw, ctx) => {
        const ip = normalizeIp(raw)
        if (!ip) ctx.addIssue({ code: 'custom', message: 'Invalid IP address' })
        return ip ?? ''
      }),
    reason: ZReason,
    thread_id: optionalId('thread_id'),
    post_id: optionalId('post_id'),
    expires_at: ZExpiry.optional().transform((v) => v ?? null),
    board_id: ZOptionalBoard,
    post_content: z.string().nullable().catch(null),
    post_image_url: z.string().nullable().catch(null),
  }),
)
export type NewBan = z.infer<typeof ZNewBan>

/**
 * PUT /api/admin/bans/{id}: decide an appeal, lift the ban or change its expiry, judged one field at a time.
 * An expiry sent along with a decision or a lift is ignored.
 */
export const ZBanUpdate = oneIssueAtATime(
  jsonObject(
    z.preprocess(
      (b) => {
        const { expires_at: _, ...rest } = b as Record<string, unknown>
        return rest.appeal_status !== undefined || rest.is_active === false ? rest : b
      },
      z
        .object({
          reason: ZNote,
          appeal_status: z
            .enum(['approved', 'denied'], { message: 'appeal_status must be "approved" or "denied"' })
            .optional(),
          is_active: z.boolean({ message: 'is_active must be true or false' }).optional(),
          expires_at: ZExpiry.optional(),
        })
        .refine((b) => b.appeal_status !== undefined || b.is_active !== undefined || b.expires_at !== undefined, {
          message: 'Nothing to change',
          path: [],
        }),
    ),
  ),
)
export type BanUpdate = z.infer<typeof ZBanUpdate>

/** POST /api/boards/{boardId}/appeal/{banId}. */
export const ZAppeal = jsonObject(
  z.object({
    appealText: requiredText(
      APPEAL_MAX,
      'Please enter an appeal reason',
      `Appeal must be ${APPEAL_MAX} characters or less`,
    ),
  }),
)

/** GET /api/admin/bans: filters and paging. */
export const ZBanListQuery = z.object({
  boardId: boardIdSchema('boardId must be a board id').optional(),
  appeal_status: z
    .enum(['pending', 'approved', 'denied'], { message: 'appeal_status must be pending, approved or denied' })
    .optional(),
  status: z
    .enum(['active', 'expired', 'lifted', 'all'], { message: 'status must be active, expired, lifted or all' })
    .optional(),
  limit: z.string().optional(),
  offset: z.string().optional(),
})
