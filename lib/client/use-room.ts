'use client'
// Live updates for one room (visitor spec 4, 7): websocket first then polling, at most 3 reconnection
// attempts 1–5 s apart, 20 s time-out. The room is (re)joined on every connect and left on unmount; after a
// reconnect `onResync` lets the page fetch what it missed.
import { useEffect, useRef, useState } from 'react'
import { io, type Socket } from 'socket.io-client'
import type { ClientToServerEvents, ServerToClientEvents } from '@/lib/realtime/events'

export type LiveStatus = 'connecting' | 'connected'
type Handlers = Partial<ServerToClientEvents>

export function useRoom(room: string, handlers: Handlers, onResync?: () => void): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting')
  const latest = useRef({ handlers, onResync })
  useEffect(() => { latest.current = { handlers, onResync } })

  useEffect(() => {
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io({
      transports: ['websocket', 'polling'],
      reconnectionAttempts: 3,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      timeout: 20000,
    })
    let connectedBefore = false
    socket.on('connect', () => {
      socket.emit('join_board', room)
      setStatus('connected')
      if (connectedBefore) latest.current.onResync?.()
      connectedBefore = true
    })
    socket.on('disconnect', () => setStatus('connecting'))
    socket.onAny((event: string, payload: unknown) => {
      const handler = (latest.current.handlers as Record<string, ((p: unknown) => void) | undefined>)[event]
      handler?.(payload)
    })
    return () => {
      socket.emit('leave_board', room)
      socket.close()
    }
  }, [room])

  return status
}
