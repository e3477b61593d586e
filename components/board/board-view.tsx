'use client'
import { useRouter } from 'next/navigation'
import { useMemo, useRef } from 'react'
import { LiveIndicator } from '@/components/ui/live-indicator'
import { useRoom } from '@/lib/client/use-room'
import type { ThreadSummary } from '@/lib/threads/types'
import { ThreadCard } from './thread-card'

/**
 * The thread list of one board page. The first page is live: board-room events re-render it from the server
 * (order, counts and replies stay exact); later pages are read as served.
 */
export function BoardView({
  boardId,
  threads,
  showFlags,
  live,
}: {
  boardId: string
  threads: ThreadSummary[]
  showFlags: boolean
  live: boolean
}) {
  return (
    <div className="space-y-3">
      {live && <LiveBoard boardId={boardId} />}
      {threads.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-600">
          No threads yet. Be the first to create one!
        </p>
      ) : (
        threads.map((t) => <ThreadCard key={t.id} thread={t} showFlags={showFlags} />)
      )}
    </div>
  )
}

function LiveBoard({ boardId }: { boardId: string }) {
  const router = useRouter()
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const refresh = useMemo(
    () => () => {
      clearTimeout(pending.current)
      pending.current = setTimeout(() => router.refresh(), 300)
    },
    [router],
  )
  const status = useRoom(
    boardId,
    {
      thread_created: refresh,
      post_created: refresh,
      post_deleted: refresh,
      thread_deleted: refresh,
      thread_sticky_updated: refresh,
      thread_died: refresh,
      post_color_changed: refresh,
    },
    (first) => {
      if (!first) refresh()
    },
  ) // a re-render per page view would cost more than a few seconds' staleness

  return (
    <div className="flex justify-end">
      <LiveIndicator status={status} />
    </div>
  )
}
