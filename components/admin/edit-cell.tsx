import type { InputHTMLAttributes } from 'react'
import { FieldError } from './field-error'

/** A table cell holding one input of a row's form, with the server's message for that field under it. */
export function EditCell({
  cellClassName,
  error,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { cellClassName: string; error?: string }) {
  return (
    <td className={cellClassName}>
      <input {...input} />
      <FieldError text={error} />
    </td>
  )
}
