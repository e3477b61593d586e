// Survey creation and vote bodies, with the API's error messages. Checked after the existence,
// archive and ownership checks, so the route reads the body without judging it.
import { ValidationError, type FieldIssue } from '../errors'
import { codePoints, normalizeText } from '../text/normalize'
import type { SurveyType } from './types'

import { SURVEY_OPTIONS_MAX as OPTIONS_MAX, SURVEY_OPTIONS_MIN as OPTIONS_MIN, SURVEY_TEXT_MAX as TEXT_MAX } from '../limits'

/** Line breaks in questions and options become spaces; then the usual trimming applies. */
const oneLine = (v: unknown) => normalizeText(v).replace(/\n+/g, ' ')

export function parseNewSurvey(body: unknown): { surveyType: SurveyType; question: string; options: string[] } {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>
  const issues: FieldIssue[] = []
  const surveyType = b.survey_type
  if (surveyType !== 'single' && surveyType !== 'multiple') issues.push({ field: 'survey_type', message: 'Survey type must be "single" or "multiple"' })
  const question = oneLine(b.question)
  if (!question) issues.push({ field: 'question', message: 'Survey question is required' })
  else if (codePoints(question) > TEXT_MAX) issues.push({ field: 'question', message: `Question must be ${TEXT_MAX} characters or less` })
  const raw = Array.isArray(b.options) ? b.options : []
  const options = raw.map(oneLine)
  if (options.filter(Boolean).length < OPTIONS_MIN) issues.push({ field: 'options', message: `Survey must have at least ${OPTIONS_MIN} options` })
  else if (options.length > OPTIONS_MAX) issues.push({ field: 'options', message: `Survey can have at most ${OPTIONS_MAX} options` })
  else {
    options.forEach((o, i) => {
      if (typeof raw[i] !== 'string' || !o) issues.push({ field: `options[${i}]`, message: `Option ${i + 1} must not be empty` })
      else if (codePoints(o) > TEXT_MAX) issues.push({ field: `options[${i}]`, message: `Option ${i + 1} must be ${TEXT_MAX} characters or less` })
    })
  }
  if (issues.length) throw new ValidationError(issues)
  return { surveyType: surveyType as SurveyType, question, options }
}

/** option_ids: numbers or decimal strings; duplicates collapse. Membership is checked against the survey. */
export function parseOptionIds(body: unknown): number[] {
  const raw = (body && typeof body === 'object' ? (body as Record<string, unknown>).option_ids : undefined)
  if (!Array.isArray(raw) || raw.length === 0) throw ValidationError.field('option_ids', 'Please select at least one option')
  const ids = raw.map((v) => (typeof v === 'number' ? v : typeof v === 'string' && /^[1-9][0-9]{0,9}$/.test(v) ? Number(v) : NaN))
  const bad = raw.filter((_, i) => !Number.isInteger(ids[i]) || ids[i] < 1 || ids[i] > 2147483647)
  if (bad.length) throw new ValidationError([{ field: 'option_ids', message: 'Invalid option IDs', invalid: bad }])
  return [...new Set(ids)]
}
