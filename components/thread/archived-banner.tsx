'use client'
import { useEffect, useState } from 'react'

function remaining(deletesAt: string, now: number): string {
  const ms = new Date(deletesAt).getTime() - now
  if (ms <= 0) return 'Expired'
  const minutes = Math.floor(ms / 60000)
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`
}

/** Archived threads are read-only; the countdown shows the time until deletion (hours and minutes, or Expired). */
export function ArchivedBanner({ deletesAt }: { deletesAt: string | null }) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000)
    return () => clearInterval(timer)
  }, [])
  return (
    <div
      role="status"
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900"
      data-testid="archived-banner"
    >
      <strong>This thread is archived.</strong> It no longer accepts replies, votes or moderation changes.
      {deletesAt && (
        <>
          {' '}
          Time remaining before deletion: <span suppressHydrationWarning>{remaining(deletesAt, now)}</span>
        </>
      )}
    </div>
  )
}
