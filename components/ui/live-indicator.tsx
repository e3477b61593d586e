import type { LiveStatus } from '@/lib/client/use-room'

export function LiveIndicator({ status }: { status: LiveStatus }) {
  return (
    <span className="inline-flex items-center gap-1 text-xs text-slate-600" data-testid="live-indicator">
      <span className={`h-2 w-2 rounded-full ${status === 'connected' ? 'bg-green-500' : 'bg-amber-400'}`} />
      {status === 'connected' ? 'Live updates enabled' : 'Connecting...'}
    </span>
  )
}
