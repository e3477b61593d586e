'use client'
import { useSyncExternalStore } from 'react'
import { watchKey } from '@/lib/client/watcher-state'
import { dispatchWatcher, useWatcher } from '@/lib/client/watcher-store'

const noSubscription = () => () => {}

export interface WatchButtonProps {
  boardId: string
  threadId: number
  /** What the watcher panel calls the thread (lib/client/watcher-state.ts labelFor). */
  label: string
  /** The newest post shown: it and those before it count as seen. */
  lastPostId: number
}

/** "Watch" / "Unwatch": adds the thread to the watcher panel. Absent from the server's HTML (it needs JavaScript). */
export function WatchButton({ boardId, threadId, label, lastPostId }: WatchButtonProps) {
  const running = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
  const watcher = useWatcher()
  if (!running) return null
  const key = watchKey(boardId, threadId)
  const watching = watcher.threads.some((t) => watchKey(t.boardId, t.threadId) === key)
  const toggle = () =>
    dispatchWatcher(
      watching
        ? { type: 'unwatch', boardId, threadId }
        : { type: 'watch', boardId, threadId, label, lastPostId, now: Date.now() },
    )
  return (
    <button
      type="button"
      onClick={toggle}
      title={
        watching ? 'Stop listing this thread in the watcher' : 'List this thread and its new replies in the watcher'
      }
      className={`rounded border px-2 py-0.5 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-400 ${
        watching ? 'border-blue-600 bg-blue-50 text-blue-700' : 'border-slate-300 text-slate-700 hover:bg-slate-50'
      }`}
    >
      <span aria-hidden>{watching ? '★' : '☆'}</span> {watching ? 'Unwatch' : 'Watch'}
    </button>
  )
}
