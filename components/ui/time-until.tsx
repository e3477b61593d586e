'use client'
import { useSyncExternalStore } from 'react'
import { formatTimestamp, timeUntil } from '@/lib/ui/relative-time'

const MINUTE = 60_000
const everyMinute = (tick: () => void) => {
  const timer = setInterval(tick, MINUTE)
  return () => clearInterval(timer)
}
const currentMinute = () => Math.floor(Date.now() / MINUTE) * MINUTE

/** "2026-11-25 09:00:00 UTC (in 5 hours)": the site's time format, and the time left once the page runs. */
export function TimeUntil({ iso }: { iso: string }) {
  const now = useSyncExternalStore(everyMinute, currentMinute, () => null)
  return (
    <time dateTime={iso}>
      {formatTimestamp(iso)}
      {now !== null && ` (${timeUntil(iso, now)})`}
    </time>
  )
}
