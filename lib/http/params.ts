// Ids in paths, query strings and bodies. Path parameters are validated before any lookup, and a malformed id
// answers like an unknown one (404 with that resource's message); in a query or body it is a 400 on its field.
import { z } from 'zod'
import { NotFoundError } from '../errors'

export type ParamParser<T> = ((raw: string) => T) & { describes?: ParamDescription }

/** What a path parameter accepts, for the OpenAPI document: a JSON Schema and the 404 a malformed value answers. */
export interface ParamDescription {
  schema: { type: 'string'; pattern?: string }
  notFound?: string
}

/** Attaches what a parser accepts to it, so the OpenAPI document describes the parameter the route declares. */
export function described<T>(parse: (raw: string) => T, describes: ParamDescription): ParamParser<T> {
  return Object.assign(parse, { describes })
}

/** What Next hands a page or route for its dynamic segments, e.g. `PageParams<'boardId' | 'threadId'>`. */
export interface PageParams<K extends string> {
  params: Promise<Record<K, string>>
}

export const BOARD_ID = /^[a-z0-9]{1,10}$/
/** A positive id without leading zeros, at most 2147483647 (the database's 32-bit integer). */
const NUMERIC_ID = /^[1-9][0-9]{0,9}$/
export const MAX_ID = 2147483647

export function isNumericId(raw: string): boolean {
  return NUMERIC_ID.test(raw) && Number(raw) <= MAX_ID
}

/**
 * `?page=` of a paged staff list: 1 to 99999 written plainly. Anything else (junk, `1e999`, which Number() reads as
 * Infinity and the database refuses as an offset) shows the first page, as the list's own links never write it.
 */
export function listPageParam(raw: string | undefined): number {
  return raw !== undefined && /^[1-9][0-9]{0,4}$/.test(raw) ? Number(raw) : 1
}

export function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_ID
}

export const boardIdParam: ParamParser<string> = described(
  (raw) => {
    if (!BOARD_ID.test(raw)) throw new NotFoundError('Board not found')
    return raw
  },
  { schema: { type: 'string', pattern: BOARD_ID.source }, notFound: 'Board not found' },
)

/** A positive integer id; anything else is `notFound` (e.g. "Thread not found"). */
export function idParam(notFound: string): ParamParser<number> {
  return described(
    (raw) => {
      if (!isNumericId(raw)) throw new NotFoundError(notFound)
      return Number(raw)
    },
    { schema: { type: 'string', pattern: NUMERIC_ID.source }, notFound },
  )
}

/** A board id in a query string or body; `message` is the 400's message. */
export const boardIdSchema = (message: string) => z.string({ message }).regex(BOARD_ID, message)

/** An id written as decimal digits (query strings), as a number. */
export const idSchema = (message: string) => z.string({ message }).refine(isNumericId, message).transform(Number)

/** A count in a query string (a page, a number of hours): a whole number from 1 to `max` written as decimal
 *  digits, `fallback` when absent. */
export function countSchema(name: string, max: number, fallback: number) {
  const message = `${name} must be a whole number from 1 to ${max}`
  return z
    .string()
    .regex(new RegExp(`^[0-9]{1,${String(max).length}}$`), message)
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, message)
    .default(fallback)
}
