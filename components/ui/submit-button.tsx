/** A form's submit button, disabled and relabelled while the submission runs. */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  className,
  disabled = false,
}: {
  busy: boolean
  label: string
  busyLabel: string
  className: string
  disabled?: boolean
}) {
  return (
    <button type="submit" disabled={busy || disabled} className={className}>
      {busy ? busyLabel : label}
    </button>
  )
}
