// Field rules for new threads and replies, with the messages the API answers.
// Every failing field is reported; the named errors "Content too long" and "No content" are used when they
// are the only problem.
import { ValidationError, type FieldIssue } from '../errors'
import { OP_CONTENT_MAX, REPLY_CONTENT_MAX, TOPIC_MAX } from '../limits'
import { ZSpoilerField } from './schemas'
import { codePoints, normalizeText } from '../text/normalize'

function fail(issues: FieldIssue[], named: { name: string; field: string; message: string } | null): never {
  if (named && issues.length === 1 && issues[0].message === named.message) throw new ValidationError(issues, named.name)
  throw new ValidationError(issues)
}

/** The spoiler flag, or its issue added to the list (false then, as the request fails anyway). */
function spoilerField(fields: Record<string, string>, issues: FieldIssue[]): boolean {
  const parsed = ZSpoilerField.safeParse(fields.spoiler)
  if (parsed.success) return parsed.data
  issues.push({ field: 'spoiler', message: parsed.error.issues[0].message })
  return false
}

export function threadFields(
  fields: Record<string, string>,
  hasFile: boolean,
): { topic: string; content: string; spoiler: boolean } {
  const topic = normalizeText(fields.topic)
  const content = normalizeText(fields.content)
  const issues: FieldIssue[] = []
  if (!topic) issues.push({ field: 'topic', message: 'Topic is required' })
  else if (codePoints(topic) > TOPIC_MAX)
    issues.push({ field: 'topic', message: `Topic must be ${TOPIC_MAX} characters or less` })
  const tooLong = `Content must be ${OP_CONTENT_MAX} characters or less`
  if (!content) issues.push({ field: 'content', message: 'Content is required' })
  else if (codePoints(content) > OP_CONTENT_MAX) issues.push({ field: 'content', message: tooLong })
  if (!hasFile) issues.push({ field: 'image', message: 'Image or video is required' })
  const spoiler = spoilerField(fields, issues)
  if (issues.length) fail(issues, { name: 'Content too long', field: 'content', message: tooLong })
  return { topic, content, spoiler }
}

export function replyFields(
  fields: Record<string, string>,
  hasFile: boolean,
): { content: string; sage: boolean; spoiler: boolean } {
  const content = normalizeText(fields.content)
  const issues: FieldIssue[] = []
  const tooLong = `Content must be ${REPLY_CONTENT_MAX} characters or less`
  const none = 'Either content or an image/video is required'
  if (codePoints(content) > REPLY_CONTENT_MAX) issues.push({ field: 'content', message: tooLong })
  if (!content && !hasFile) issues.push({ field: 'content', message: none })
  const sage = fields.dont_bump
  if (sage !== undefined && sage !== 'true' && sage !== 'false')
    issues.push({ field: 'dont_bump', message: 'dont_bump must be "true" or "false"' })
  // A spoiler flag on a reply without a file is accepted and has nothing to hide.
  const spoiler = spoilerField(fields, issues) && hasFile
  if (issues.length) {
    if (issues.length === 1 && issues[0].message === none) throw new ValidationError(issues, 'No content')
    fail(issues, { name: 'Content too long', field: 'content', message: tooLong })
  }
  return { content, sage: sage === 'true', spoiler }
}
