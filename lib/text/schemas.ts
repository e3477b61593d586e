// Text fields under the site's text rules (CRLF → LF, trimmed, lengths in code points). As everywhere in the
// API, a field that is missing or not a string reads as empty text.
import { z } from 'zod'
import { codePoints, normalizeText } from './normalize'

export const normalizedText = () => z.preprocess(normalizeText, z.string())

/** Normalised text that must not be empty and has at most `max` code points. */
export const requiredText = (max: number, missing: string, tooLong: string) =>
  normalizedText()
    .refine((v) => v.length > 0, { message: missing, abort: true })
    .refine((v) => codePoints(v) <= max, tooLong)

/** Normalised text of at most `max` code points; empty when absent. */
export const optionalText = (max: number, tooLong: string) =>
  normalizedText().refine((v) => codePoints(v) <= max, tooLong)
