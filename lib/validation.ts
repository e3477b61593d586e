// The one place zod's verdicts become the API's 400 bodies: every failing field is one `details` entry
// ({field, message}). A custom issue's params add to its entry (e.g. `invalid: [ids]`), and `params.errorName`
// names the whole error ("All fields are required") instead of the default "Validation failed".
import { z, type ZodError } from 'zod'
import { ValidationError, type FieldIssue } from './errors'

const DEFAULT_NAME = 'Validation failed'

export function zodIssues(err: ZodError): FieldIssue[] {
  return err.issues.map((i) => {
    const { errorName: _, ...extra } = ('params' in i && i.params ? i.params : {}) as Record<string, unknown>
    return { field: fieldName(i.path), message: i.message, ...extra }
  })
}

/** `a.b[0]`; an issue about the whole body is reported on field "body". */
function fieldName(path: PropertyKey[]): string {
  if (!path.length) return 'body'
  return path.map((p, n) => (typeof p === 'number' ? `[${p}]` : n ? `.${String(p)}` : String(p))).join('')
}

/** The ValidationError a failed zod parse stands for (the first issue naming the error wins). */
export function validationErrorOf(err: ZodError): ValidationError {
  const named = err.issues.find((i) => 'params' in i && typeof i.params?.errorName === 'string')
  const errorName = named && 'params' in named ? String(named.params!.errorName) : DEFAULT_NAME
  return new ValidationError(zodIssues(err), errorName)
}

const ONE_ISSUE = new WeakSet<z.ZodType>()

/** Marks a body whose fields are judged one after another: only the first failing field is reported. */
export function oneIssueAtATime<S extends z.ZodType>(schema: S): S {
  ONE_ISSUE.add(schema)
  return schema
}

/** Parses route input with a (possibly async) schema; failures throw the API's ValidationError. */
export async function parseInput<S extends z.ZodType>(schema: S, input: unknown): Promise<z.infer<S>> {
  const result = await schema.safeParseAsync(input)
  if (result.success) return result.data
  if (ONE_ISSUE.has(schema)) result.error.issues.splice(1)
  throw validationErrorOf(result.error)
}

/** A JSON body that is not an object (null, a list, a number) is read as an empty object, so every field is missing. */
export function jsonObject<S extends z.ZodType>(schema: S) {
  return z.preprocess((v) => (v && typeof v === 'object' && !Array.isArray(v) ? v : {}), schema)
}

/** An issue on the whole body that also names the error, e.g. "No valid fields to update". */
export function bodyIssue(message: string, errorName = message) {
  return { message, path: [], params: { errorName } }
}
