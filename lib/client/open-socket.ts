'use client'
// The browser's socket to this site: websocket first then polling, reconnecting 1–5 s apart. socket.io-client
// (≈ 13 KB gzipped) is fetched once the page runs, not with its scripts: hydration and the first interaction do
// not wait for it, and the socket is only ever opened after hydration anyway.
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client'
import type { ClientToServerEvents, ServerToClientEvents } from '@/lib/realtime/events'

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>

/**
 * Opens a socket and hands it to `setup` (which registers its listeners); returns the function that closes it,
 * for an effect's clean-up. If the library cannot be fetched (offline) nothing opens: the page stays as served.
 */
export function openSocket(
  options: Partial<ManagerOptions & SocketOptions>,
  setup: (socket: LiveSocket) => void,
): () => void {
  let socket: LiveSocket | undefined
  let closed = false
  void import('socket.io-client').then(
    ({ io }) => {
      if (closed) return
      socket = io({
        transports: ['websocket', 'polling'],
        reconnectionDelay: 1000,
        reconnectionDelayMax: 5000,
        ...options,
      })
      setup(socket)
    },
    () => {},
  )
  return () => {
    closed = true
    socket?.close()
  }
}
