'use client'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { DeleteReasonPrompt } from '@/components/ui/reason-prompt'
import { BUTTON_SMALL_SECONDARY } from '@/components/ui/styles'
import type { StoredAdminUser } from '@/lib/client/admin-user'
import { errorBodyOf, staffApi } from '@/lib/client/api'

/** Sticky (moderators, admins) and thread deletion with a reason (all staff); not offered on archived threads. */
export function StaffThreadControls({
  staff,
  boardId,
  threadId,
  isSticky,
}: {
  staff: StoredAdminUser
  boardId: string
  threadId: number
  isSticky: boolean
}) {
  const router = useRouter()
  const [deleting, setDeleting] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [stickyError, setStickyError] = useState<string | null>(null)
  const moderator = staff.role === 'admin' || staff.role === 'moderator'

  async function toggleSticky() {
    try {
      await staffApi.setSticky(boardId, threadId, !isSticky)
    } catch {
      setStickyError('Failed to update sticky status')
    }
  }
  async function remove(reason: string) {
    setError(null)
    if (!reason.trim()) return setError('Please provide a reason for deletion')
    try {
      await staffApi.deleteThread(boardId, threadId, reason)
    } catch (err) {
      const refusal = errorBodyOf(err)
      return setError(refusal?.details?.[0]?.message ?? refusal?.error ?? 'Failed to delete thread')
    }
    router.push(`/board/${boardId}`)
  }

  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="staff-thread-controls">
      {moderator && (
        <button type="button" onClick={toggleSticky} className={BUTTON_SMALL_SECONDARY}>
          {isSticky ? 'Remove sticky' : 'Make sticky'}
        </button>
      )}
      <button
        type="button"
        onClick={() => setDeleting(true)}
        className="rounded border border-red-300 px-2 py-0.5 text-red-700"
      >
        Delete thread
      </button>
      {stickyError && (
        <span role="alert" className="rounded bg-red-50 px-2 text-red-700">
          {stickyError}{' '}
          <button type="button" aria-label="Dismiss" onClick={() => setStickyError(null)}>
            ×
          </button>
        </span>
      )}
      {deleting && (
        <div
          role="dialog"
          aria-label="Delete thread"
          className="w-full space-y-1 rounded border border-red-200 bg-red-50 p-2"
        >
          <DeleteReasonPrompt
            id="thread-delete-reason"
            label="Reason for deleting this thread"
            error={error}
            onDelete={remove}
            onCancel={() => setDeleting(false)}
          />
        </div>
      )}
    </div>
  )
}
