// A failed admin form call as what the form shows: the server's `error` as it is, and each `details` message
// next to its field (several messages for one field are joined).
export interface FormErrors {
  error: string
  fields: Record<string, string>
}

export function formErrors(
  body: { error?: unknown; details?: { field: string; message: string }[] } | null | undefined,
  fallback: string,
): FormErrors {
  const fields: Record<string, string> = {}
  for (const d of Array.isArray(body?.details) ? body.details : [])
    fields[d.field] = fields[d.field] ? `${fields[d.field]} ${d.message}` : d.message
  return { error: typeof body?.error === 'string' && body.error !== 'Internal error' ? body.error : fallback, fields }
}
