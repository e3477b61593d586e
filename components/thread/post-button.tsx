import { SubmitButton } from '@/components/ui/submit-button'

/** The submit button of the posting forms, disabled while the upload runs. */
export function PostButton({
  uploading,
  label,
  busyLabel,
  compact = false,
}: {
  uploading: boolean
  label: string
  busyLabel: string
  compact?: boolean
}) {
  return (
    <SubmitButton
      busy={uploading}
      label={label}
      busyLabel={busyLabel}
      className={`rounded bg-blue-600 px-4 ${compact ? 'py-1.5' : 'py-2'} text-sm font-medium text-white disabled:opacity-60`}
    />
  )
}
