import type { ReactNode } from 'react'
import type { FormErrors } from '@/lib/client/form-errors'

/** A refusal shown as a live alert line; nothing is rendered while there is no message. */
export function ErrorText({
  children,
  className = 'text-sm text-red-600',
}: {
  children?: ReactNode
  className?: string
}) {
  return children ? (
    <p role="alert" className={className}>
      {children}
    </p>
  ) : null
}

/** The outcome of an admin form: the server's confirmation, or its refusal with the messages per field. */
export type SaveResult = { ok: true; text: string } | ({ ok: false } & FormErrors)

/** The message the server gave for one field of a refused save, if any. */
export function fieldErrorOf(result: SaveResult | null, field: string): string | undefined {
  return result && !result.ok ? result.fields[field] : undefined
}

/**
 * The line under a saved form: a status in green after success, an alert in red after a refusal.
 * `compact` is the small variant used inside table cells; `className` adds layout classes after the colour.
 */
export function SaveResultText({
  result,
  compact = false,
  className,
}: {
  result: SaveResult | null
  compact?: boolean
  className?: string
}) {
  if (!result) return null
  const classes = (colour: string) =>
    [compact ? 'mt-1 text-xs' : 'text-sm', colour, className].filter(Boolean).join(' ')
  return result.ok ? (
    <p role="status" className={classes('text-green-700')}>
      {result.text}
    </p>
  ) : (
    <p role="alert" className={classes('text-red-600')}>
      {result.error}
    </p>
  )
}
