'use client'
import { useRouter } from 'next/navigation'
import { useEffect, useState } from 'react'
import { LiveIndicator } from '@/components/ui/live-indicator'
import { ServerHtml } from '@/components/ui/server-html'
import { useHydrated } from '@/lib/client/use-hydrated'
import { dataSlotOf, slotData } from '@/lib/render/slot-reader'
import type { ThreadSummary } from '@/lib/threads/types'
import { ThreadCard } from './thread-card'
import { THREAD_LIST_EVENTS, useLiveBoard } from './use-live-board'

/**
 * The thread list of one board page. The first page is live: board-room events re-render it from the server
 * (order, counts and replies stay exact); later pages are read as served.
 */
export function BoardView({
  boardId,
  threads: given,
  showFlags,
  live,
  threadsSlot,
}: {
  boardId: string
  /** The threads, unless `threadsSlot` names where the server put them. */
  threads?: ThreadSummary[]
  showFlags: boolean
  live: boolean
  /**
   * On a page load: the slot holding the cards as HTML and the threads as JSON (lib/render/board-threads-slot.ts).
   * The list stays that HTML until the page has hydrated, then is drawn here.
   */
  threadsSlot?: string
}) {
  const drawn = useHydrated()
  const router = useRouter()
  const [fromSlot] = useState(() => (threadsSlot ? slotData<ThreadSummary[]>(threadsSlot) : undefined))
  // Restored from the router's cache, the page has the slot's name but neither its HTML nor its JSON.
  const missing = threadsSlot !== undefined && fromSlot === undefined
  useEffect(() => {
    if (missing) router.refresh()
  }, [missing, router])
  const threads = given ?? fromSlot ?? []
  return (
    <div className="space-y-3">
      {/* First: a hidden last child would keep the spacing after the last card. */}
      {threadsSlot && <ServerHtml slot={dataSlotOf(threadsSlot)} hidden />}
      {live && <LiveBoard boardId={boardId} />}
      {threads.length === 0 && !missing ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-600">
          No threads yet. Be the first to create one!
        </p>
      ) : threadsSlot && !drawn ? (
        <ServerHtml slot={threadsSlot} className="space-y-3" />
      ) : (
        threads.map((t) => <ThreadCard key={t.id} thread={t} showFlags={showFlags} />)
      )}
    </div>
  )
}

// Board pages also show each post's colour.
const BOARD_EVENTS = [...THREAD_LIST_EVENTS, 'post_color_changed'] as const

function LiveBoard({ boardId }: { boardId: string }) {
  const status = useLiveBoard(boardId, BOARD_EVENTS)
  return (
    <div className="flex justify-end">
      <LiveIndicator status={status} />
    </div>
  )
}
