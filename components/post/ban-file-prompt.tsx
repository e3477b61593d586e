'use client'
import { useState } from 'react'
import { ReasonPrompt } from '@/components/ui/reason-prompt'
import { errorBodyOf, staffApi } from '@/lib/client/api'

/**
 * The staff menu's "Ban file" panel: a reason (required), whether to delete every post carrying the file and
 * whether to ban whoever uploads it again (admins only: those bans cover every board); the server refuses the file
 * on every board from then on.
 */
export function BanFilePrompt({ postId, admin, onDone }: { postId: number; admin: boolean; onDone: () => void }) {
  const [deletePosts, setDeletePosts] = useState(false)
  const [banPoster, setBanPoster] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(reason: string) {
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
      <ReasonPrompt
        id={`ban-file-${postId}`}
        label={`Reason for banning the file of post ${postId}`}
        confirmLabel="Ban file"
        error={error}
        busy={busy}
        onConfirm={submit}
        onCancel={onDone}
      >
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
      </ReasonPrompt>
    </div>
  )
}
