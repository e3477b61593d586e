'use client'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { ErrorText } from '@/components/ui/form-message'
import { BUTTON_SMALL_DANGER, BUTTON_SMALL_SECONDARY } from '@/components/ui/styles'
import { errorBodyOf, publicApi } from '@/lib/client/api'
import { messageFor } from '@/lib/error-messages'
import { REPORT_REASON_MAX } from '@/lib/limits'
import { REPORT_CATEGORIES, REPORT_CATEGORY_LABELS, type ReportCategory } from '@/lib/reports/categories'

/**
 * The report dialog of a post: a category and an optional reason. A native modal <dialog> keeps the focus inside,
 * closes on Escape and gives the focus back to the button. Opened each time `opened` grows (report-button.tsx loads
 * this file on the first click); a category and reason typed before closing are kept for the next opening.
 */
export function ReportDialog({ boardId, postId, opened }: { boardId: string; postId: number; opened: number }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const [category, setCategory] = useState<ReportCategory | null>(null)
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [sent, setSent] = useState(false)
  const [busy, setBusy] = useState(false)
  const ids = useId()

  useEffect(() => {
    const d = dialog.current
    if (!d) return
    // A click on the backdrop (outside the dialog's box) closes it.
    const onClick = (e: MouseEvent) => {
      if (e.target === d) d.close()
    }
    d.addEventListener('click', onClick)
    return () => d.removeEventListener('click', onClick)
  }, [])

  useEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal()
  }, [opened])

  // The next opening starts without the last one's message or error.
  function onClose() {
    setError(null)
    setSent(false)
  }

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (!category) return setError('Please choose a category.')
    setBusy(true)
    setError(null)
    try {
      await publicApi.reportPost(boardId, postId, { category, reason: reason.trim() || undefined })
      setSent(true)
      setCategory(null)
      setReason('')
    } catch (err) {
      setError(messageFor(errorBodyOf(err), 'Failed to send the report. Please try again.', 'reporting again'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby={`${ids}-title`}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg p-0 text-sm text-slate-800 shadow-xl backdrop:bg-black/40"
    >
      <form onSubmit={submit} className="space-y-3 p-4">
        <div className="flex items-start justify-between gap-2">
          <h2 id={`${ids}-title`} className="text-base font-semibold">
            Report post No. {postId}
          </h2>
          <button type="button" aria-label="Close" onClick={() => dialog.current?.close()} className="px-1">
            ×
          </button>
        </div>
        {sent ? (
          <p role="status" className="text-green-700">
            Report received. Thank you: the staff will look at it.
          </p>
        ) : (
          <>
            <fieldset className="space-y-1">
              <legend className="mb-1 font-medium">What is wrong with it?</legend>
              {REPORT_CATEGORIES.map((c) => (
                <label key={c} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name={`${ids}-category`}
                    value={c}
                    checked={category === c}
                    onChange={() => (setCategory(c), setError(null))}
                  />
                  {REPORT_CATEGORY_LABELS[c]}
                </label>
              ))}
            </fieldset>
            <div>
              <label htmlFor={`${ids}-reason`} className="block font-medium">
                Reason <span className="font-normal text-slate-500">(optional)</span>
              </label>
              <textarea
                id={`${ids}-reason`}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                rows={3}
                maxLength={REPORT_REASON_MAX}
                className="w-full rounded border border-slate-300 p-1.5"
              />
              <p className="text-right text-xs text-slate-500">
                {Array.from(reason).length}/{REPORT_REASON_MAX}
              </p>
            </div>
          </>
        )}
        <ErrorText>{error}</ErrorText>
        <div className="flex justify-end gap-2">
          <button type="button" onClick={() => dialog.current?.close()} className={BUTTON_SMALL_SECONDARY}>
            {sent ? 'Close' : 'Cancel'}
          </button>
          {!sent && (
            <button type="submit" disabled={busy} className={`${BUTTON_SMALL_DANGER} disabled:opacity-60`}>
              Send report
            </button>
          )}
        </div>
      </form>
    </dialog>
  )
}
