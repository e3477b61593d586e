import type { ReactNode } from 'react'

/** A form control with its label above it, bound by `id` (the control passed as children carries that id). */
export function Field({ id, label, children }: { id: string; label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      {children}
    </div>
  )
}
