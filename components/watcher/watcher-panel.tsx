'use client'
import { useEffect, useId, useRef, useState } from 'react'
import { useLocalState } from '@/lib/client/local-state'
import { useWatcherLive } from '@/lib/client/use-watcher-live'
import { totals } from '@/lib/client/watcher-state'
import { useWatcher } from '@/lib/client/watcher-store'
import { WatchedEntry } from './watched-entry'

/**
 * The thread watcher in the bar of every public page: a button with the new-reply and (You) totals that opens the
 * list of watched threads (under the button; across the screen on phones). Only in the browser, and only once a
 * thread is watched: the server's HTML is the same for every visitor.
 */
export function WatcherPanel() {
  const watcher = useWatcher()
  const { ownPosts } = useLocalState()
  const { refreshOthers } = useWatcherLive(ownPosts)
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const box = useRef<HTMLDivElement>(null)

  // Escape or a click elsewhere closes the list.
  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false)
    const onClick = (e: MouseEvent) => box.current?.contains(e.target as Node) || setOpen(false)
    document.addEventListener('keydown', onKey)
    document.addEventListener('click', onClick)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('click', onClick)
    }
  }, [open])

  if (!watcher.threads.length) {
    // Closed once the list empties, so watching a thread later does not open it by itself.
    if (open) setOpen(false)
    return null
  }
  const { unread, you } = totals(watcher)
  return (
    <div ref={box} className="relative ml-auto">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => {
          if (!open) refreshOthers()
          setOpen(!open)
        }}
        className="flex items-center gap-1.5 rounded border border-slate-300 px-2 py-1 text-sm text-slate-700 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-400"
      >
        Watched
        <span
          data-testid="watcher-unread"
          className={`rounded-full px-1.5 text-xs font-semibold ${unread ? 'bg-blue-600 text-white' : 'bg-slate-200 text-slate-700'}`}
        >
          {unread}
          <span className="sr-only"> new</span>
        </span>
        {you > 0 && (
          <span data-testid="watcher-you" className="rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white">
            {you} (You)
          </span>
        )}
      </button>
      {open && (
        <section
          id={panelId}
          aria-label="Watched threads"
          className="absolute right-0 top-full z-50 mt-1 max-h-[70vh] w-[calc(100vw-2rem)] overflow-y-auto rounded-lg border border-slate-200 bg-white p-2 shadow-lg sm:w-96"
        >
          <h2 className="px-1 pb-1 text-sm font-semibold text-slate-800">Watched threads</h2>
          <ul className="divide-y divide-slate-100">
            {watcher.threads.map((t) => (
              <WatchedEntry key={`${t.boardId}-${t.threadId}`} thread={t} onOpen={() => setOpen(false)} />
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}
