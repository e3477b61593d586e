'use client'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { useCallback, useState } from 'react'
import { BoardPicker, ChoicePicker } from '@/components/admin/board-picker'
import { deletePostFor } from '@/components/post/delete-post'
import { ErrorText } from '@/components/ui/form-message'
import { DeleteReasonPrompt } from '@/components/ui/reason-prompt'
import { BUTTON_SMALL_DANGER, BUTTON_SMALL_SECONDARY } from '@/components/ui/styles'
import { Timestamp } from '@/components/ui/timestamp'
import { errorBodyOf, staffApi } from '@/lib/client/api'
import type { ReportedPost } from '@/lib/client/api/bodies'
import { loadError, useReportQueue } from '@/lib/client/hooks/use-staff-resources'
import { useShellReportCounts } from '@/lib/client/use-report-counts'
import { REPORT_CATEGORIES, REPORT_CATEGORY_LABELS, type ReportCategory } from '@/lib/reports/categories'

const CATEGORY_CHOICES = REPORT_CATEGORIES.map((c) => ({ value: c, label: REPORT_CATEGORY_LABELS[c] }))

const CATEGORY_STYLE: Record<ReportCategory, string> = {
  illegal: 'bg-red-600 text-white',
  rules: 'bg-amber-400 text-slate-900',
  spam: 'bg-slate-600 text-white',
}

/** The report queue: filters, then one card per reported post with its one-click actions. Reloads on every count change. */
export function ReportsQueue({ boards, admin }: { boards: { id: string; name: string }[]; admin: boolean }) {
  const [board, setBoard] = useState('')
  const [category, setCategory] = useState('')
  const counts = useShellReportCounts()
  const queue = useReportQueue({ board, category }, counts)
  const reports: ReportedPost[] | null = queue.data?.reports ?? null
  const error = loadError(queue.error, 'Failed to load reports')
  const { mutate } = queue
  const reload = useCallback(() => void mutate(), [mutate])

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <BoardPicker label="Board" anyLabel="All boards" boards={boards} value={board} onChange={setBoard} />
        <ChoicePicker
          label="Category"
          anyLabel="All categories"
          choices={CATEGORY_CHOICES}
          value={category}
          onChange={setCategory}
        />
      </div>
      <ErrorText>{error}</ErrorText>
      {reports === null ? (
        <p className="text-slate-600">Loading…</p>
      ) : reports.length === 0 ? (
        <p className="text-slate-600">No open reports</p>
      ) : (
        <ul className="space-y-3" aria-label="Reported posts">
          {reports.map((r) => (
            <ReportCard key={r.postId} report={r} admin={admin} onDone={reload} />
          ))}
        </ul>
      )}
    </div>
  )
}

function ReportCard({ report: r, admin, onDone }: { report: ReportedPost; admin: boolean; onDone: () => void }) {
  const router = useRouter()
  const [deleting, setDeleting] = useState(false)
  const [thenBan, setThenBan] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const ref = { boardId: r.boardId, threadId: r.threadId, postId: r.postId }
  const threadHref = `/board/${r.boardId}/thread/${r.threadId}#post-${r.postId}`

  async function remove(reason: string) {
    const failure = await deletePostFor(ref, reason)
    setError(failure)
    if (failure) return
    if (thenBan) router.push(`/admin/bans/create?boardId=${r.boardId}&threadId=${r.threadId}&postId=${r.postId}`)
    else onDone()
  }
  async function dismiss() {
    setError(null)
    try {
      await staffApi.dismissReports(r.postId)
    } catch (err) {
      return setError(errorBodyOf(err)?.error ?? 'Failed to dismiss reports')
    }
    onDone()
  }

  return (
    <li data-testid={`report-${r.postId}`} className="rounded border border-slate-200 bg-white p-3 text-sm">
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <Link href={threadHref} className="font-mono text-board-link">
          /{r.boardId}/ No. {r.postId}
        </Link>
        <span className="min-w-0 truncate text-slate-600">{r.post.thread_topic}</span>
        <span className="font-semibold">
          {r.count} report{r.count === 1 ? '' : 's'}
        </span>
        {REPORT_CATEGORIES.filter((c) => r.categories[c]).map((c) => (
          <span key={c} className={`rounded px-1.5 py-0.5 text-xs font-semibold ${CATEGORY_STYLE[c]}`}>
            {REPORT_CATEGORY_LABELS[c]} × {r.categories[c]}
          </span>
        ))}
      </div>
      <div className="flex gap-3">
        {r.post.thumbnail_url && (
          // eslint-disable-next-line @next/next/no-img-element
          <img src={r.post.thumbnail_url} alt="" className="h-20 w-20 shrink-0 rounded object-cover" />
        )}
        <p className="line-clamp-4 min-w-0 whitespace-pre-wrap break-words text-slate-800">
          {r.post.content || <em className="text-slate-500">(no text)</em>}
        </p>
      </div>
      {r.reasons.length > 0 && (
        <ul className="mt-2 list-disc space-y-0.5 pl-5 text-slate-700" aria-label="Reasons given">
          {r.reasons.map((reason, i) => (
            <li key={i} className="break-words">
              {reason}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2 text-xs text-slate-500">
        First <Timestamp iso={r.firstReportedAt} />, last <Timestamp iso={r.lastReportedAt} />
        {admin && r.reporterIps && <> · Reporters: {r.reporterIps.join(', ')}</>}
      </p>
      {deleting ? (
        <div className="mt-2 max-w-md space-y-1">
          <DeleteReasonPrompt
            id={`report-reason-${r.postId}`}
            initialReason={`Reported: ${Object.keys(r.categories).join(', ')}`}
            label={
              thenBan
                ? `Reason for deleting post ${r.postId} (the ban form follows)`
                : `Reason for deleting post ${r.postId}`
            }
            error={error}
            onDelete={remove}
            onCancel={() => setDeleting(false)}
          />
        </div>
      ) : (
        <div className="mt-2 flex flex-wrap gap-2">
          <button type="button" className={BUTTON_SMALL_DANGER} onClick={() => (setThenBan(false), setDeleting(true))}>
            Delete post
          </button>
          <button type="button" className={BUTTON_SMALL_DANGER} onClick={() => (setThenBan(true), setDeleting(true))}>
            Delete &amp; ban
          </button>
          <button type="button" className={BUTTON_SMALL_SECONDARY} onClick={dismiss}>
            Dismiss
          </button>
          <ErrorText className="text-xs text-red-600">{error}</ErrorText>
        </div>
      )}
    </li>
  )
}
