// Creates the socket.io server on the site's HTTP server (imported only by server.ts). Clients join board and
// thread rooms; domain events from the bus are broadcast to their rooms. With REDIS_URL, the Redis adapter links
// the processes and lib/events/relay.ts carries every bus event to all of them.
import { type Server as HttpServer, type IncomingMessage, ServerResponse } from 'node:http'
import { Server } from 'socket.io'
import { roomsWithClients } from './local-rooms'
import { connectRedisLink } from './redis-link'
import { announceReportCount, joinStaff } from './staff-room'
import { sessionSealOf } from '../auth/session-cookie'
import { boardOrThreadExists } from '../boards/queries'
import { getConfig } from '../config'
import { subscribe } from '../events/bus'
import { isRealtimeEvent } from '../events/internal'
import { startEventRelay, type ClusterLink } from '../events/relay'
import { resolveClientIp } from '../http/client-ip'
import { isAllowedOrigin, siteOriginOf } from '../http/origins'
import { securityHeaders } from '../http/security-headers'
import { SOCKET_ROOMS_MAX } from '../limits'
import { metrics } from '../metrics/registry'
import { resolveScheme } from '../net/scheme'
import { consume } from '../rate-limit/limits'
import {
  type ClientToServerEvents,
  type ServerToClientEvents,
  parseRoom,
  roomsFor,
  threadRoom,
} from '../realtime/events'

/** socket.io's requests do not pass server.ts's request handler: the scheme by the same rule (lib/net/scheme.ts). */
const schemeOf = (req: IncomingMessage) =>
  resolveScheme(
    Boolean((req.socket as { encrypted?: boolean }).encrypted),
    req.headers['x-forwarded-proto'],
    getConfig().trustProxyHops,
  )

/** Where socket.io answers: its polling requests and WebSocket upgrades. */
export const REALTIME_PATH = '/socket.io/'

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents>

export async function attachRealtime(
  http: HttpServer,
): Promise<{ io: RealtimeServer; disconnectAll(): void; close(): Promise<void> }> {
  const config = getConfig()
  const io: RealtimeServer = new Server(http, {
    path: REALTIME_PATH,
    transports: ['websocket', 'polling'],
    serveClient: false,
    // Refuse connections from foreign origins (clients without an Origin header are not browsers)
    // and more than the connection limit per address.
    allowRequest: (req, callback) => {
      const origin = req.headers.origin
      if (origin && !isAllowedOrigin(origin, siteOriginOf(req.headers.host, schemeOf(req) === 'https'))) {
        return callback('Forbidden origin', false)
      }
      // engine.io asks only on the handshake, so each connection counts once.
      const ip = resolveClientIp(req.socket.remoteAddress, req.headers['x-forwarded-for'], config.trustProxyHops)
      consume(ip, 'socketConnect').then(
        () => callback(null, true),
        () => callback('Rate limited', false),
      )
    },
    cors: config.corsOrigins.length ? { origin: config.corsOrigins, credentials: true } : undefined,
  })

  const closers: Array<() => Promise<unknown>> = []
  if (config.redisUrl) {
    const { createAdapter } = await import('@socket.io/redis-adapter')
    const link = await connectRedisLink(config.redisUrl)
    io.adapter(createAdapter(link.pub, link.sub, { key: config.redisPrefix }))
    const relay = startEventRelay(io as unknown as ClusterLink)
    link.onMissed(relay.missedEvents)
    link.onUnsent(relay.unsentEvents)
    closers.push(
      async () => relay.stop(),
      () => link.close(),
    )
  }

  // socket.io answers its HTTP requests itself (polling, the WebSocket upgrade): the same headers as every answer.
  io.engine.on('headers', (headers: Record<string, string>, req: IncomingMessage) => {
    Object.assign(headers, securityHeaders(schemeOf(req) === 'https'))
  })

  // The handshake request is not needed once the connection is up (origin and address were checked above), and
  // engine.io would keep it, headers and all, for the connection's life (socket.io's memory-usage guide).
  // Only its staff session cookie is kept, for join_staff. A WebSocket handshake holds it twice: engine.io also
  // answers it through a stand-in response whose `req` stays reachable from the TCP socket's close listener, so
  // that reference is dropped too (≈ 3 KB a connection). The stand-in is done by then: it only carries the
  // handshake's headers to ws, which has written them when the connection event comes.
  const upgradeResponses = new WeakMap<IncomingMessage, { req: IncomingMessage | null }>()
  io.engine.use((req: IncomingMessage, res: object, next: () => void) => {
    if (!(res instanceof ServerResponse)) upgradeResponses.set(req, res as { req: IncomingMessage | null })
    next()
  })
  io.engine.on('connection', (raw: { request: IncomingMessage | null; staffSeal?: string | null }) => {
    const request = raw.request
    raw.staffSeal = sessionSealOf(request?.headers.cookie)
    raw.request = null
    const upgradeResponse = request && upgradeResponses.get(request)
    if (upgradeResponse) upgradeResponse.req = null
  })

  io.on('connection', (socket) => {
    metrics().openSockets.inc()
    socket.once('disconnect', () => metrics().openSockets.dec())
    // A join answers through its acknowledgement, when the client sent one, and counts toward the join rate limit.
    const replyTo = <A>(ack: ((answer: A) => void) | undefined) => (typeof ack === 'function' ? ack : () => {})
    const joinAllowed = () =>
      consume(`socket:${socket.id}`, 'socketJoin').then(
        () => true,
        () => false,
      )
    socket.on('join_board', async (room, ack) => {
      const reply = replyTo(ack)
      if (!(await joinAllowed())) return reply({ ok: false, error: 'Rate limited' })
      const parsed = parseRoom(room)
      // socket.rooms includes the socket's own id room.
      if (!parsed || socket.rooms.size > SOCKET_ROOMS_MAX || !(await boardOrThreadExists(parsed).catch(() => false))) {
        return reply({ ok: false, error: 'Unknown room' })
      }
      await socket.join(room)
      reply({ ok: true })
    })
    socket.on('join_staff', async (ack) => {
      const reply = replyTo(ack)
      if (!(await joinAllowed())) return reply({ ok: false, error: 'Rate limited' })
      await joinStaff(socket, (socket.conn as unknown as { staffSeal?: string | null }).staffSeal ?? null, reply)
    })
    socket.on('leave_board', (room) => {
      if (typeof room === 'string') void socket.leave(room)
    })
  })

  // Every process hears every event (lib/events/relay.ts) after its page cache has, and tells its own clients:
  // a client that then fetches a page from this process gets one with the change.
  const unsubscribe = subscribe('notify', (event) => {
    // Clients catch up as after a reconnect: thread pages fetch the posts they lack, board pages refresh.
    if (event.name === 'events_missed') return void io.local.emit('resync')
    announceReportCount(io as unknown as Server, event).catch((err) =>
      console.error('report count announcement failed:', err),
    )
    if (!isRealtimeEvent(event)) return
    const rooms = roomsWithClients(io, roomsFor(event))
    if (rooms.length) io.local.to(rooms).emit(event.name, event.payload as never)
    if (event.name === 'thread_deleted') {
      const room = threadRoom(event.payload.boardId, event.payload.threadId)
      io.local.in(room).socketsLeave(room)
    }
  })

  return {
    io,
    /** Disconnects every client first so their connections end, then closes socket.io (and the HTTP server). */
    disconnectAll() {
      unsubscribe()
      // Only this process's clients: the adapter would otherwise ask every process to drop all of theirs.
      io.local.disconnectSockets(true)
    },
    async close() {
      unsubscribe()
      await new Promise<void>((resolve) => io.close(() => resolve()))
      await Promise.allSettled(closers.map((c) => c()))
    },
  }
}
