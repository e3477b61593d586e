// Posting from a plain HTML form (no JavaScript): the browser sends the create-thread or reply form as multipart to
// a server action, which runs the same domain functions as the API. Its answer is either a redirect to the new
// post or the form's state — the message of the error, per-field messages and the text the visitor typed — which
// the page renders next to the fields.
import { messageFor, type ErrorBody } from '../error-messages'
import { FileTooLargeError } from '../errors'
import { errorResponse } from '../http/error-response'
import type { MultipartForm } from '../http/multipart'
import { MAX_FILE_BYTES } from '../limits'

export interface PostFormState {
  /** The sentence shown above the button, as the JavaScript form would show it. */
  error?: string
  /** Messages of the fields the server refused, by field name (topic, content, image). */
  fields?: Record<string, string>
  /** What the visitor sent, so nothing they typed is lost. */
  values: { topic?: string; content?: string; sage?: boolean; spoiler?: boolean }
}

const TEXT_FIELDS = ['topic', 'content', 'dont_bump', 'spoiler', 'captcha'] as const

/** The form's text fields and its one file, as the API's multipart reader gives them, under the same size limit. */
export async function formFields(form: FormData): Promise<MultipartForm> {
  const fields: Record<string, string> = {}
  for (const name of TEXT_FIELDS) {
    const value = form.get(name)
    if (typeof value === 'string') fields[name] = value
  }
  const image = form.get('image')
  // An empty file input (nothing chosen) arrives as a nameless, empty file.
  if (!(image instanceof Blob) || image.size === 0) return { fields }
  if (image.size > MAX_FILE_BYTES) throw new FileTooLargeError(MAX_FILE_BYTES)
  const filename = image instanceof File ? image.name : ''
  return { fields, file: { buffer: Buffer.from(await image.arrayBuffer()), filename, declaredType: image.type } }
}

export function keptValues(form: FormData): PostFormState['values'] {
  const text = (name: string) => (typeof form.get(name) === 'string' ? String(form.get(name)) : undefined)
  return {
    topic: text('topic'),
    content: text('content'),
    sage: form.get('dont_bump') === 'true',
    spoiler: form.get('spoiler') === 'true',
  }
}

/** A refusal as the form shows it: the same error bodies and messages as the API and the JavaScript forms. */
export async function refusal(
  err: unknown,
  values: PostFormState['values'],
  fallback: string,
  doing: string,
): Promise<PostFormState> {
  const body = (await errorResponse(err).json()) as ErrorBody
  const fields: Record<string, string> = {}
  for (const d of body.details ?? []) fields[d.field] = fields[d.field] ? `${fields[d.field]} ${d.message}` : d.message
  return { error: messageFor(body, fallback, doing), fields, values }
}
