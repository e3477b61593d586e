'use client'
import { useState, type FormEvent } from 'react'
import { ErrorText } from '@/components/ui/form-message'
import { BUTTON_PRIMARY, BUTTON_SECONDARY, INPUT } from '@/components/ui/styles'
import { ApiError, publicApi } from '@/lib/client/api'

const STATUS_TEXT: Record<string, string> = {
  pending: 'Your appeal is being reviewed.',
  approved: 'Your appeal was approved: the ban has been removed or will expire soon.',
  denied: 'Your appeal was denied: the ban remains in effect.',
}

/** One appeal per ban: the form shows only while no appeal exists and none was just sent. */
export function AppealForm({ boardId, banId, status }: { boardId: string; banId: number; status: string | null }) {
  const [current, setCurrent] = useState(status)
  const [open, setOpen] = useState(false)
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  if (current)
    return (
      <p className="mt-3 rounded bg-slate-100 p-2 text-sm" data-testid="appeal-status">
        Appeal status: {current}. {STATUS_TEXT[current]}
      </p>
    )
  if (!open)
    return (
      <button type="button" onClick={() => setOpen(true)} className={`mt-3 ${BUTTON_PRIMARY}`}>
        Appeal this ban
      </button>
    )

  async function submit(e: FormEvent) {
    e.preventDefault()
    setError(null)
    if (!text.trim()) return setError('Please enter an appeal reason')
    setBusy(true)
    try {
      await publicApi.appeal(boardId, banId, text)
      setCurrent('pending')
    } catch (err) {
      const refusal = err instanceof ApiError ? err.body : null
      setError(refusal?.details?.[0]?.message ?? refusal?.error ?? 'Failed to submit appeal')
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} className="mt-3 space-y-2" aria-label="Appeal">
      <label htmlFor="appeal-text" className="block text-sm font-semibold">
        Your appeal
      </label>
      <p className="text-xs text-slate-600">
        Explain honestly and respectfully why the ban should be lifted. You can appeal once.
      </p>
      <textarea
        id="appeal-text"
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={4}
        maxLength={2000}
        placeholder="Why should this ban be lifted?"
        className={INPUT}
      />
      <ErrorText>{error}</ErrorText>
      <div className="flex gap-2">
        <button type="submit" disabled={busy} className={`${BUTTON_PRIMARY} disabled:opacity-60`}>
          Submit Appeal
        </button>
        <button type="button" onClick={() => setOpen(false)} className={BUTTON_SECONDARY}>
          Cancel
        </button>
      </div>
    </form>
  )
}
