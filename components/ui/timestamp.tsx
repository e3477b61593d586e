'use client'
import { useNow } from '@/lib/client/use-now'
import { formatTimestamp, relativeTime } from '@/lib/ui/relative-time'

/**
 * A post or thread time: "5 minutes ago", kept current, with the exact UTC time as its tooltip and in `datetime`.
 * The server's HTML (which the page cache may keep a while) and the first render in the browser show the UTC
 * time, so hydration matches; the relative text replaces it once the page runs.
 */
export function Timestamp({ iso, className }: { iso: string; className?: string }) {
  const now = useNow()
  const exact = formatTimestamp(iso)
  return (
    <time dateTime={iso} title={exact} className={className}>
      {now === null ? exact : relativeTime(iso, now)}
    </time>
  )
}
