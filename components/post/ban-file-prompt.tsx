'use client'
import { useState } from 'react'
import { ErrorText } from '@/components/ui/form-message'
import { BUTTON_SMALL_DANGER, BUTTON_SMALL_SECONDARY } from '@/components/ui/styles'
import { errorBodyOf, staffApi } from '@/lib/client/api'

/**
 * The staff menu's "Ban file" panel: a reason (required), whether to delete every post carrying the file and
 * whether to ban whoever uploads it again (admins only: those bans cover every board); the server refuses the file
 * on every board from then on.
 */
export function BanFilePrompt({ postId, admin, onDone }: { postId: number; admin: boolean; onDone: () => void }) {
  const [reason, setReason] = useState('')
  const [deletePosts, setDeletePosts] = useState(false)
  const [banPoster, setBanPoster] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const id = `ban-file-${postId}`

  async function submit() {
    setError(null)
    if (!reason.trim()) return setError('Reason is required')
    setBusy(true)
    try {
      await staffApi.banFile({ postId, reason, deletePosts, banPoster })
      onDone()
    } catch (err) {
      setError(errorBodyOf(err)?.error ?? 'Failed to ban the file')
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block font-medium">
        Reason for banning the file of post {postId}
      </label>
      <textarea
        id={id}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        rows={2}
        maxLength={500}
        className="w-full rounded border border-slate-300 p-1"
      />
      <label className="flex items-center gap-1">
        <input type="checkbox" checked={deletePosts} onChange={(e) => setDeletePosts(e.target.checked)} />
        Delete every post with this file
      </label>
      {admin && (
        <label className="flex items-center gap-1">
          <input type="checkbox" checked={banPoster} onChange={(e) => setBanPoster(e.target.checked)} />
          Ban whoever uploads it again
        </label>
      )}
      <ErrorText className="text-red-700">{error}</ErrorText>
      <div className="flex gap-2">
        <button type="button" onClick={submit} disabled={busy} className={BUTTON_SMALL_DANGER}>
          Ban file
        </button>
        <button type="button" onClick={onDone} className={BUTTON_SMALL_SECONDARY}>
          Cancel
        </button>
      </div>
    </div>
  )
}
