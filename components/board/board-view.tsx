'use client'
import { LiveIndicator } from '@/components/ui/live-indicator'
import type { ThreadSummary } from '@/lib/threads/types'
import { ThreadCard } from './thread-card'
import { THREAD_LIST_EVENTS, useLiveBoard } from './use-live-board'

/**
 * The thread list of one board page. The first page is live: board-room events re-render it from the server
 * (order, counts and replies stay exact); later pages are read as served.
 */
export function BoardView({
  boardId,
  threads,
  showFlags,
  live,
  cardSlots,
}: {
  boardId: string
  threads: ThreadSummary[]
  showFlags: boolean
  live: boolean
  /** On a page load: each card's posts as ready HTML, by thread id (lib/render/thread-cards-slot.ts). */
  cardSlots?: Record<number, string>
}) {
  return (
    <div className="space-y-3">
      {live && <LiveBoard boardId={boardId} />}
      {threads.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-600">
          No threads yet. Be the first to create one!
        </p>
      ) : (
        threads.map((t) => <ThreadCard key={t.id} thread={t} showFlags={showFlags} postsSlot={cardSlots?.[t.id]} />)
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
