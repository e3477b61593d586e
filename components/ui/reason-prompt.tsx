import { useState } from 'react'
import { ErrorText } from './form-message'
import { BUTTON_SMALL_DANGER, BUTTON_SMALL_SECONDARY } from './styles'

/**
 * The staff prompt before deleting a post or a thread: the reason (required by the server, 500 characters at most),
 * then Delete and Cancel, which hand the reason typed to `onDelete`. The caller provides the frame around it.
 */
export function DeleteReasonPrompt({
  id,
  label,
  initialReason = '',
  error,
  onDelete,
  onCancel,
}: {
  id: string
  label: string
  initialReason?: string
  error?: string | null
  onDelete: (reason: string) => void
  onCancel: () => void
}) {
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
      <ErrorText className="text-red-700">{error}</ErrorText>
      <div className="flex gap-2">
        <button type="button" onClick={() => onDelete(reason)} className={BUTTON_SMALL_DANGER}>
          Delete
        </button>
        <button type="button" onClick={onCancel} className={BUTTON_SMALL_SECONDARY}>
          Cancel
        </button>
      </div>
    </>
  )
}
