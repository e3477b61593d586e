'use client'
// Live updates for one room (visitor spec 4, 7): websocket first then polling, at most 3 reconnection
// attempts 1–5 s apart, 20 s time-out. The room is (re)joined on every connect and left on unmount; after a
// reconnect `onResync` lets the page fetch what it missed.
import { useEffect, useRef, useState } from 'react'
import type { Socket } from 'socket.io-client'
import type { ClientToServerEvents, ServerToClientEvents } from '@/lib/realtime/events'

export type LiveStatus = 'connecting' | 'connected'
type Handlers = Partial<ServerToClientEvents>

export function useRoom(room: string, handlers: Handlers, onResync?: () => void): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting')
  const latest = useRef({ handlers, onResync })
  useEffect(() => { latest.current = { handlers, onResync } })

  useEffect(() => {
    // socket.io-client (≈ 13 KB gzipped) is fetched once the page runs, not with its scripts: hydration and the
    // first interaction do not wait for it, and the socket was only ever opened after hydration anyway.
    let socket: Socket<ServerToClientEvents, ClientToServerEvents> | undefined
    let left = false
    void import('socket.io-client').then(({ io }) => {
      if (left) return
      const live: Socket<ServerToClientEvents, ClientToServerEvents> = socket = io({
        transports: ['websocket', 'polling'],
        reconnectionAttempts: 3,
        reconnectionDelay: 1000,
        reconnectionDelayMax: 5000,
        timeout: 20000,
      })
      let connectedBefore = false
      live.on('connect', () => {
        live.emit('join_board', room)
        setStatus('connected')
        if (connectedBefore) latest.current.onResync?.()
        connectedBefore = true
      })
      live.on('disconnect', () => setStatus('connecting'))
      live.onAny((event: string, payload: unknown) => {
        const handler = (latest.current.handlers as Record<string, ((p: unknown) => void) | undefined>)[event]
        handler?.(payload)
      })
    }, () => {
      // The library could not be fetched (offline): the page stays as served and shows it is not live.
    })
    return () => {
      left = true
      socket?.emit('leave_board', room)
      socket?.close()
    }
  }, [room])

  return status
}
