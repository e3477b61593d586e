'use client'
import { formatTimestamp, relativeTime } from '@/lib/ui/relative-time'

/**
 * A post or thread time: the fixed UTC text, with "5 minutes ago" as its tooltip. The tooltip is recomputed when
 * the pointer arrives, as the page's HTML may have been rendered (and cached) long before.
 */
export function Timestamp({ iso, className }: { iso: string; className?: string }) {
  return (
    <time
      dateTime={iso}
      title={relativeTime(iso)}
      className={className}
      suppressHydrationWarning
      onMouseEnter={(e) => {
        e.currentTarget.title = relativeTime(iso)
      }}
    >
      {formatTimestamp(iso)}
    </time>
  )
}
