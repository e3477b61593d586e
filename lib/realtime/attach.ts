// Creates the socket.io server on the site's HTTP server (imported only by server.ts). Clients join board and
// thread rooms; domain events from the bus are broadcast to their rooms. With REDIS_URL, broadcasts cross
// processes through the Redis adapter so every process's clients receive them.
import type { Server as HttpServer } from 'node:http'
import { Server } from 'socket.io'
import { subscribe } from '../events/bus'
import { getConfig } from '../config'
import { type ClientToServerEvents, type ServerToClientEvents, parseRoom, roomsFor, threadRoom } from './events'
import { roomExists } from './rooms'

const MAX_ROOMS_PER_SOCKET = 20

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents>

export async function attachRealtime(http: HttpServer): Promise<{ io: RealtimeServer; disconnectAll(): void; close(): Promise<void> }> {
  const config = getConfig()
  const io: RealtimeServer = new Server(http, {
    path: '/socket.io/',
    transports: ['websocket', 'polling'],
    serveClient: false,
    // Refuse connections from foreign origins (contract 3); clients without an Origin header are not browsers.
    allowRequest: (req, callback) => {
      const origin = req.headers.origin
      if (!origin) return callback(null, true)
      const allowed = config.publicOrigin ?? `${(req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http'}://${req.headers.host}`
      callback(null, origin === allowed)
    },
  })

  const closers: Array<() => Promise<unknown>> = []
  if (config.redisUrl) {
    const [{ createAdapter }, { Redis }] = await Promise.all([import('@socket.io/redis-adapter'), import('ioredis')])
    const pub = new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 })
    const sub = pub.duplicate()
    await Promise.all([pub.connect(), sub.connect()])
    io.adapter(createAdapter(pub, sub, { key: config.redisPrefix }))
    closers.push(() => pub.quit(), () => sub.quit())
  }

  io.on('connection', (socket) => {
    socket.on('join_board', async (room, ack) => {
      const reply = typeof ack === 'function' ? ack : () => {}
      const parsed = parseRoom(room)
      // socket.rooms includes the socket's own id room.
      if (!parsed || socket.rooms.size > MAX_ROOMS_PER_SOCKET || !(await roomExists(parsed).catch(() => false))) {
        return reply({ ok: false, error: 'Unknown room' })
      }
      await socket.join(room)
      reply({ ok: true })
    })
    socket.on('leave_board', (room) => {
      if (typeof room === 'string') void socket.leave(room)
    })
  })

  const unsubscribe = subscribe((event) => {
    io.to(roomsFor(event)).emit(event.name, event.payload as never)
    if (event.name === 'thread_deleted') {
      const room = threadRoom(event.payload.boardId, event.payload.threadId)
      io.in(room).socketsLeave(room)
    }
  })

  return {
    io,
    /** Disconnects every client first so their connections end, then closes socket.io (and the HTTP server). */
    disconnectAll() {
      unsubscribe()
      io.disconnectSockets(true)
    },
    async close() {
      unsubscribe()
      await new Promise<void>((resolve) => io.close(() => resolve()))
      await Promise.allSettled(closers.map((c) => c()))
    },
  }
}
