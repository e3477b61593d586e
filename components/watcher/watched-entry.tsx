'use client'
import Link from 'next/link'
import { firstUnreadHref, type WatchedThread } from '@/lib/client/watcher-state'
import { dispatchWatcher } from '@/lib/client/watcher-store'

/** One watched thread: its label and board, new replies and (You) replies, a dead mark, and a remove button. */
export function WatchedEntry({ thread: t, onOpen }: { thread: WatchedThread; onOpen: () => void }) {
  const fresh = t.unread.length
  const you = t.unreadYou.length
  return (
    <li
      className="flex items-start gap-2 py-1.5"
      data-testid="watched-thread"
      data-watch-key={`${t.boardId}-${t.threadId}`}
    >
      <Link
        href={firstUnreadHref(t)}
        onClick={onOpen}
        className="min-w-0 flex-1 rounded px-1 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-400"
      >
        <span
          className={`block truncate text-sm font-medium ${t.dead ? 'text-slate-500 line-through' : 'text-slate-800'}`}
        >
          {t.label}
        </span>
        <span className="flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
          <span>/{t.boardId}/</span>
          <span data-testid="watched-new" className={fresh ? 'font-semibold text-blue-700' : undefined}>
            {fresh} new
          </span>
          {you > 0 && (
            <span data-testid="watched-you" className="font-semibold text-red-600">
              {you} (You)
            </span>
          )}
          {t.dead && (
            <span data-testid="watched-dead" className="rounded bg-slate-200 px-1 font-semibold text-slate-700">
              Dead
            </span>
          )}
        </span>
      </Link>
      <button
        type="button"
        onClick={() => dispatchWatcher({ type: 'unwatch', boardId: t.boardId, threadId: t.threadId })}
        aria-label={`Stop watching ${t.label}`}
        title="Stop watching"
        className="rounded px-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-400"
      >
        ×
      </button>
    </li>
  )
}
