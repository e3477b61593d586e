import type { ReactNode } from 'react'
import { FieldError } from './field-error'

/** An admin form control inside its label, the label text first, with the server's message for it below. */
export function LabelledField({ label, error, children }: { label: ReactNode; error?: string; children: ReactNode }) {
  return (
    <label className="block text-sm">
      {label}
      {children}
      <FieldError text={error} />
    </label>
  )
}
