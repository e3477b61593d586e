'use client'
import { lazy, Suspense, useState } from 'react'

// The dialog loads with the first click on a Report button: most readers never report, and a thread page
// would otherwise ship it to all of them (React.lazy as for the staff tools: next/dynamic adds its own runtime).
const ReportDialog = lazy(() => import('./report-dialog').then((m) => ({ default: m.ReportDialog })))

/**
 * The visitor's "Report" button on a post. The dialog is drawn only once the reader first opens it: a page of 300
 * posts would otherwise carry 300 copies of the form.
 */
export function ReportButton({ boardId, postId }: { boardId: string; postId: number }) {
  const [opened, setOpened] = useState(0)
  return (
    <>
      <button
        type="button"
        onClick={() => setOpened((n) => n + 1)}
        aria-haspopup="dialog"
        aria-label={`Report post ${postId}`}
        className="text-slate-500 hover:text-slate-700 hover:underline"
      >
        Report
      </button>
      {opened > 0 && (
        <Suspense fallback={null}>
          <ReportDialog boardId={boardId} postId={postId} opened={opened} />
        </Suspense>
      )}
    </>
  )
}
