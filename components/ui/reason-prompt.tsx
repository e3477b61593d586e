import { useState, type ReactNode } from 'react'
import { ErrorText } from './form-message'
import { BUTTON_SMALL_DANGER, BUTTON_SMALL_SECONDARY } from './styles'

export interface ReasonPromptProps {
  id: string
  label: string
  confirmLabel: string
  initialReason?: string
  error?: string | null
  /** Disables the action's button while its request runs. */
  busy?: boolean
  onConfirm: (reason: string) => void
  onCancel: () => void
  children?: ReactNode
}

/**
 * A staff prompt that asks for a reason (500 characters at most) before a harsh action: the reason, any further
 * fields (`children`), the error, then the action's button and Cancel. The button hands the reason typed to
 * `onConfirm`. The caller provides the frame around it.
 */
export function ReasonPrompt({
  id,
  label,
  confirmLabel,
  initialReason = '',
  error,
  busy,
  onConfirm,
  onCancel,
  children,
}: ReasonPromptProps) {
  const [reason, setReason] = useState(initialReason)
  return (
    <>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <textarea
        id={id}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        rows={2}
        maxLength={500}
        className="w-full rounded border border-slate-300 p-1"
      />
      {children}
      <ErrorText className="text-red-700">{error}</ErrorText>
      <div className="flex gap-2">
        <button type="button" onClick={() => onConfirm(reason)} disabled={busy} className={BUTTON_SMALL_DANGER}>
          {confirmLabel}
        </button>
        <button type="button" onClick={onCancel} className={BUTTON_SMALL_SECONDARY}>
          Cancel
        </button>
      </div>
    </>
  )
}

/** The prompt before deleting a post or a thread (the server requires the reason). */
export function DeleteReasonPrompt({
  onDelete,
  ...props
}: Omit<ReasonPromptProps, 'confirmLabel' | 'onConfirm' | 'busy' | 'children'> & {
  onDelete: (reason: string) => void
}) {
  return <ReasonPrompt {...props} confirmLabel="Delete" onConfirm={onDelete} />
}
