// Path parameters are validated before any lookup; a malformed id answers like an unknown one.
import { NotFoundError } from '../errors'

export type ParamParser<T> = (raw: string) => T

const BOARD_ID = /^[a-z0-9]{1,10}$/
const NUMERIC_ID = /^[1-9][0-9]{0,9}$/

export const boardIdParam: ParamParser<string> = (raw) => {
  if (!BOARD_ID.test(raw)) throw new NotFoundError('Board not found')
  return raw
}

export function isNumericId(raw: string): boolean {
  return NUMERIC_ID.test(raw) && Number(raw) <= 2147483647
}

/** A positive integer id; anything else is `notFound` (e.g. "Thread not found"). */
export function idParam(notFound: string): ParamParser<number> {
  return (raw) => {
    if (!isNumericId(raw)) throw new NotFoundError(notFound)
    return Number(raw)
  }
}
