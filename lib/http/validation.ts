// zod issues as the contract's `details` entries ({field, message}, every failing field reported).
import type { ZodError } from 'zod'
import type { FieldIssue } from '../errors'

export function zodIssues(err: ZodError): FieldIssue[] {
  return err.issues.map((i) => ({
    field: i.path.length ? i.path.map((p, n) => (typeof p === 'number' ? `[${p}]` : n ? `.${String(p)}` : String(p))).join('') : 'body',
    message: i.message,
  }))
}
