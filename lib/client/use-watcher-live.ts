'use client'
// Keeps the watched threads current while a public page is open: on the page's shared socket
// (lib/client/shared-socket.ts, used only while something is watched) it joins the rooms of the live threads watched
// most recently, at most WATCHER_ROOMS of them (a socket may be in 20 rooms, lib/sockets/attach.ts, and the page's
// own room shares it), and leaves the rooms of threads no longer watched. Each acknowledged join,
// and each `resync`, fetches the posts after the last seen one, so a page served from cache or a reconnect misses
// nothing. Threads beyond the cap are fetched once per page when the panel opens (`refreshOthers`). A socket that gave
// up reconnecting tries again when the reader is back (lib/client/retry-when-back.ts).
import { useCallback, useEffect, useRef } from 'react'
import { ApiError, publicApi } from '@/lib/client/api'
import type { LiveSocket } from './open-socket'
import { retryWhenBack } from './retry-when-back'
import { shareSocket } from './shared-socket'
import { WATCHER_ROOMS, roomsToJoin, watchKey, type WatcherAction } from './watcher-state'
import { dispatchWatcher, useWatcher } from './watcher-store'

export function useWatcherLive(own: ReadonlySet<number>): { refreshOthers: () => void } {
  const watcher = useWatcher()
  const rooms = roomsToJoin(watcher, WATCHER_ROOMS)
  const roomsKey = rooms.join(',')
  const latest = useRef({ watcher, rooms, own })
  useEffect(() => {
    latest.current = { watcher, rooms, own }
  })
  const socketRef = useRef<LiveSocket | null>(null)
  const joined = useRef(new Set<string>())
  const fetched = useRef(new Set<string>())

  const apply = useCallback((action: WatcherAction) => dispatchWatcher(action, latest.current.own), [])

  const catchUp = useCallback(
    async (room: string) => {
      const t = latest.current.watcher.threads.find((w) => watchKey(w.boardId, w.threadId) === room)
      if (!t) return
      fetched.current.add(room)
      const { boardId, threadId, seenId } = t
      try {
        const body = await publicApi.threadPosts(boardId, threadId, seenId)
        const { topic, is_dead: isDead } = body.thread
        apply({ type: 'caught_up', boardId, threadId, after: seenId, topic, isDead, posts: body.posts })
      } catch (err) {
        // 404: the thread (or its board) is gone. Other failures are tried again at the next join.
        if (err instanceof ApiError && err.status === 404) apply({ type: 'died', boardId, threadId })
      }
    },
    [apply],
  )

  const syncRooms = useCallback(() => {
    const socket = socketRef.current
    if (!socket?.connected) return
    const wanted = latest.current.rooms
    for (const room of [...joined.current]) {
      if (wanted.includes(room)) continue
      joined.current.delete(room)
      socket.emit('leave_board', room)
    }
    for (const room of wanted) {
      if (joined.current.has(room)) continue
      joined.current.add(room)
      socket.emit('join_board', room, (ack) => {
        if (ack?.ok) return void catchUp(room)
        joined.current.delete(room)
        // "Unknown room" also answers a join the server could not check (its database unreachable): only the
        // thread's own answer (404, or archived) marks it dead. A rate-limited join is tried at the next change.
        if (ack?.error === 'Unknown room') void catchUp(room)
      })
    }
  }, [catchUp])

  const active = rooms.length > 0
  useEffect(() => {
    if (!active) return
    const rooms = joined.current
    let stopRetrying = () => {}
    const close = shareSocket((socket) => {
      socketRef.current = socket
      stopRetrying = retryWhenBack(socket)
      socket.on('connect', () => {
        rooms.clear()
        syncRooms()
      })
      socket.on('resync', () => rooms.forEach((room) => void catchUp(room)))
      socket.on('post_created', (e) => apply({ type: 'post_created', post: e.post }))
      socket.on('post_deleted', ({ boardId, threadId, postId }) =>
        apply({ type: 'post_deleted', boardId, threadId, postId }),
      )
      socket.on('thread_died', (e) => apply({ type: 'died', boardId: e.boardId, threadId: e.threadId }))
      socket.on('thread_deleted', (e) => apply({ type: 'died', ...e }))
    })
    // Offline (no socket library), the counts stay as stored.
    return () => {
      stopRetrying()
      close()
      socketRef.current = null
      rooms.clear()
    }
  }, [active, apply, catchUp, syncRooms])

  useEffect(syncRooms, [roomsKey, syncRooms])

  const refreshOthers = useCallback(() => {
    for (const t of latest.current.watcher.threads) {
      const room = watchKey(t.boardId, t.threadId)
      if (!t.dead && !joined.current.has(room) && !fetched.current.has(room)) void catchUp(room)
    }
  }, [catchUp])

  return { refreshOthers }
}
