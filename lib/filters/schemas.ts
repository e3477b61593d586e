// A word-filter rule as admins send it. Every failing field is reported; a regular expression must compile in the
// linear-time engine (no backreferences or lookaround), so no rule can make posting slow.
import { z } from 'zod'
import { compileRule } from './match'
import { BAN_DURATIONS } from '../bans/durations'
import { boardExists } from '../boards/queries'
import { BOARD_ID } from '../http/params'
import { jsonObject } from '../validation'

export const FILTER_WHERE = ['topic', 'content', 'both'] as const
export const FILTER_ACTIONS = ['reject', 'replace', 'ban'] as const
export type FilterWhere = (typeof FILTER_WHERE)[number]
export type FilterAction = (typeof FILTER_ACTIONS)[number]

export const PATTERN_MAX = 500
export const FILTER_TEXT_MAX = 200
export const FILTER_REASON_MAX = 500
/** More rules than this are refused: every post is checked against all of them. */
export const MAX_FILTERS = 1000

const text = (max: number, name: string) =>
  z
    .string({ message: `${name} must be text` })
    .max(max, `${name} must be ${max} characters or less`)
    .optional()
    .transform((v) => v?.trim() ?? '')

const ZRule = z
  .object({
    pattern: z
      .string({ message: 'Pattern is required' })
      .min(1, 'Pattern is required')
      .max(PATTERN_MAX, `Pattern must be ${PATTERN_MAX} characters or less`),
    regex: z.boolean({ message: 'regex must be true or false' }).optional().default(false),
    boards: z
      .array(z.string().regex(BOARD_ID, 'boards must list board ids'), {
        message: 'boards must be a list of board ids',
      })
      .max(100, 'boards may list at most 100 boards')
      .optional()
      .default([])
      .transform((ids) => [...new Set(ids)].sort()),
    where: z.enum(FILTER_WHERE, { message: 'where must be topic, content or both' }).optional().default('both'),
    action: z.enum(FILTER_ACTIONS, { message: 'action must be reject, replace or ban' }),
    message: text(FILTER_TEXT_MAX, 'Message'),
    replacement: text(FILTER_TEXT_MAX, 'Replacement'),
    banDuration: z
      .enum(
        BAN_DURATIONS.map((d) => d.value),
        { message: `banDuration must be one of ${BAN_DURATIONS.map((d) => d.value).join(', ')}` },
      )
      .optional(),
    banReason: text(FILTER_REASON_MAX, 'Ban reason'),
  })
  .superRefine(async (rule, ctx) => {
    if (rule.regex) {
      const compiled = compileRule(rule.pattern, true)
      if (compiled instanceof Error)
        ctx.addIssue({ code: 'custom', path: ['pattern'], message: `Invalid regular expression: ${compiled.message}` })
    }
    if (rule.action === 'ban') {
      if (!rule.banDuration) ctx.addIssue({ code: 'custom', path: ['banDuration'], message: 'banDuration is required' })
      if (!rule.banReason) ctx.addIssue({ code: 'custom', path: ['banReason'], message: 'Ban reason is required' })
    }
    for (const id of rule.boards) {
      if (!(await boardExists(id))) ctx.addIssue({ code: 'custom', path: ['boards'], message: `Unknown board: ${id}` })
    }
  })

/** POST /api/admin/filters and PUT /api/admin/filters/{id}: the whole rule. */
export const ZFilterRule = jsonObject(ZRule)
export type FilterRuleInput = z.infer<typeof ZFilterRule>
