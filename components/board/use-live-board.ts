'use client'
import { useRouter } from 'next/navigation'
import { useMemo, useRef } from 'react'
import { useRoom, type LiveStatus } from '@/lib/client/use-room'
import type { ServerToClientEvents } from '@/lib/realtime/events'

type BoardEvent = keyof ServerToClientEvents

/** The events that change a board's list of threads: what it holds, their order and their counts. */
export const THREAD_LIST_EVENTS = [
  'thread_created',
  'post_created',
  'post_deleted',
  'thread_deleted',
  'thread_sticky_updated',
  'thread_died',
] as const satisfies readonly BoardEvent[]

/**
 * A live board page (its threads or its catalog): each of `events` in the board's room, and a reconnect, re-render
 * the page from the server, so order, counts and replies stay exact. Renders come at most one per 300 ms: a
 * re-render per event would cost more than a few seconds' staleness. `before` handles an event first (e.g. keeps
 * a dying thread's tile).
 */
export function useLiveBoard(
  boardId: string,
  events: readonly BoardEvent[],
  before: Partial<ServerToClientEvents> = {},
): LiveStatus {
  const router = useRouter()
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const refresh = useMemo(
    () => () => {
      clearTimeout(pending.current)
      pending.current = setTimeout(() => router.refresh(), 300)
    },
    [router],
  )
  const handlers = Object.fromEntries(
    events.map((event) => [
      event,
      (payload: never) => {
        ;(before[event] as ((p: never) => void) | undefined)?.(payload)
        refresh()
      },
    ]),
  )
  return useRoom(boardId, handlers, (first) => {
    if (!first) refresh()
  })
}
