// Next listens for WebSocket upgrades on the HTTP server it is given: the development server's hot reload, and
// rewrites to other hosts. Given the site's server, it would also take every socket.io handshake through its route
// resolution (CPU per connection, to find nothing) and leave an AbortController and listeners on the connection's
// TCP socket for as long as it lives. So Next gets a stand-in that hears every upgrade except socket.io's.
import { EventEmitter } from 'node:events'
import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'

export function upgradesForNext(http: Server, realtimePath: string): Server {
  const forNext = new EventEmitter()
  http.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!(req.url ?? '').startsWith(realtimePath)) forNext.emit('upgrade', req, socket, head)
  })
  // Next only calls on('upgrade', …) on it.
  return forNext as unknown as Server
}
