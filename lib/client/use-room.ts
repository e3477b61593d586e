'use client'
// Live updates for one room, on the page's shared socket (lib/client/shared-socket.ts: at most 3 reconnection
// attempts, 20 s time-out). The room is (re)joined on every connect and left on unmount (unless the thread watcher
// is in it too). Once a join is acknowledged, `onJoined` lets the page fetch what happened while it was not in the
// room: after a reconnect, and on the first join too, since the page may have been served from a cache (a CDN
// keeps it a few seconds) and the socket opens only after the page has run. A `resync` from the server asks for the
// same catching up. Offline (no socket library), the page stays as served and shows it is not live.
import { useEffect, useRef, useState } from 'react'
import type { ServerToClientEvents } from '@/lib/realtime/events'
import { shareSocket } from './shared-socket'

export type LiveStatus = 'connecting' | 'connected'

type Handlers = Partial<ServerToClientEvents>

/** `first` is true for the join that follows the page load, false after a reconnect. */
export type OnJoined = (first: boolean) => void

export function useRoom(room: string, handlers: Handlers, onJoined?: OnJoined): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting')
  const latest = useRef({ handlers, onJoined })
  useEffect(() => {
    latest.current = { handlers, onJoined }
  })

  useEffect(
    () =>
      shareSocket((live) => {
        let joinedBefore = false
        live.on('connect', () => {
          // Events reach the page from the acknowledged join on; what came before is fetched after it, so
          // nothing falls between the two.
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
      }),
    [room],
  )

  return status
}
