// A real socket.io client connected to a test server over WebSocket (no reconnection), kept in `opened` so the
// test can close every client it made.
import { io as connect, type Socket } from 'socket.io-client'
import type { ClientToServerEvents, ServerToClientEvents } from '@/lib/realtime/events'

export type Client = Socket<ServerToClientEvents, ClientToServerEvents>

export function connectedSocket(url: string, opened: Client[]): Promise<Client> {
  const socket: Client = connect(url, { transports: ['websocket'], reconnection: false, forceNew: true })
  opened.push(socket)
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket))
    socket.once('connect_error', reject)
  })
}
