// Inputs of the range-ban endpoints. A new range ban's type is judged first; then every failing field is reported.
import { z } from 'zod'
import { ZExpiry, ZOptionalBoard, ZReason } from '../bans/schemas'
import { ValidationError } from '../errors'
import { normalizeBanValue, RANGE_BAN_TYPES, type RangeBanType } from './values'
import { boardIdSchema } from '../http/params'
import { jsonObject } from '../validation'

/** The value normalised for its type (country code, AS number, CIDR range); number or text on the way in. */
const banValue = (type: RangeBanType) =>
  z
    .preprocess((v) => (typeof v === 'string' || typeof v === 'number' ? v : ''), z.union([z.string(), z.number()]))
    .transform((raw, ctx) => {
      try {
        return normalizeBanValue(type, raw)
      } catch (err) {
        if (!(err instanceof ValidationError)) throw err
        for (const d of err.details) ctx.addIssue({ code: 'custom', message: d.message })
        return z.NEVER
      }
    })

const withType = (type: RangeBanType) =>
  z.object({
    ban_type: z.literal(type),
    ban_value: banValue(type),
    reason: ZReason,
    expires_at: ZExpiry.optional().transform((v) => v ?? null),
    board_id: ZOptionalBoard,
  })

export const ZNewRangeBan = jsonObject(
  z
    .looseObject({ ban_type: z.enum(RANGE_BAN_TYPES, { message: 'Invalid ban type' }) })
    .pipe(z.discriminatedUnion('ban_type', [withType('country'), withType('asn'), withType('ip_range')])),
)
export type NewRangeBan = z.infer<typeof ZNewRangeBan>

/** GET /api/admin/rangebans?boardId= : that board's range bans and the global ones. */
export const ZRangeBanListQuery = z.object({ boardId: boardIdSchema('boardId must be a board id').optional() })
