'use client'
import { useSyncExternalStore } from 'react'
import type { LiveStatus } from '@/lib/client/use-room'

const noSubscription = () => () => {}

/** The page's live state; absent from the server's HTML, so a reader without JavaScript is not told it connects. */
export function LiveIndicator({ status }: { status: LiveStatus }) {
  const running = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
  if (!running) return null
  return (
    <span className="inline-flex items-center gap-1 text-xs text-slate-600" data-testid="live-indicator">
      <span className={`h-2 w-2 rounded-full ${status === 'connected' ? 'bg-green-500' : 'bg-amber-400'}`} />
      {status === 'connected' ? 'Live updates enabled' : 'Connecting...'}
    </span>
  )
}
