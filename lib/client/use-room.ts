'use client'
// Live updates for one room: websocket first then polling, at most 3 reconnection
// attempts 1–5 s apart, 20 s time-out. The room is (re)joined on every connect and left on unmount. Once a join
// is acknowledged, `onJoined` lets the page fetch what happened while it was not in the room: after a reconnect,
// and on the first join too, since the page may have been served from a cache (a CDN keeps it a few seconds) and
// the socket opens only after the page has run. A `resync` from the server asks for the same catching up.
import { useEffect, useRef, useState } from 'react'
import type { Socket } from 'socket.io-client'
import type { ClientToServerEvents, ServerToClientEvents } from '@/lib/realtime/events'

export type LiveStatus = 'connecting' | 'connected'

/** The connection every live feature opens (the thread watcher's too). */
export const SOCKET_OPTIONS = {
  transports: ['websocket', 'polling'],
  reconnectionAttempts: 3,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  timeout: 20000,
}
type Handlers = Partial<ServerToClientEvents>

/** `first` is true for the join that follows the page load, false after a reconnect. */
export type OnJoined = (first: boolean) => void

export function useRoom(room: string, handlers: Handlers, onJoined?: OnJoined): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting')
  const latest = useRef({ handlers, onJoined })
  useEffect(() => {
    latest.current = { handlers, onJoined }
  })

  useEffect(() => {
    // socket.io-client (≈ 13 KB gzipped) is fetched once the page runs, not with its scripts: hydration and the
    // first interaction do not wait for it, and the socket was only ever opened after hydration anyway.
    let socket: Socket<ServerToClientEvents, ClientToServerEvents> | undefined
    let left = false
    void import('socket.io-client').then(
      ({ io }) => {
        if (left) return
        const live: Socket<ServerToClientEvents, ClientToServerEvents> = (socket = io(SOCKET_OPTIONS))
        let joinedBefore = false
        live.on('connect', () => {
          // Events reach the page from the acknowledged join on; what came before is fetched after it, so nothing
          // falls between the two.
          live.emit('join_board', room, (ack) => {
            if (!ack?.ok) return
            latest.current.onJoined?.(!joinedBefore)
            joinedBefore = true
          })
          setStatus('connected')
        })
        live.on('disconnect', () => setStatus('connecting'))
        // The server may have missed events meant for this room (its Redis link was down): catch up as after a
        // reconnect.
        live.on('resync', () => {
          if (joinedBefore) latest.current.onJoined?.(false)
        })
        live.onAny((event: string, payload: unknown) => {
          const handler = (latest.current.handlers as Record<string, ((p: unknown) => void) | undefined>)[event]
          handler?.(payload)
        })
      },
      () => {
        // The library could not be fetched (offline): the page stays as served and shows it is not live.
      },
    )
    return () => {
      left = true
      socket?.emit('leave_board', room)
      socket?.close()
    }
  }, [room])

  return status
}
