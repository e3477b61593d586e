'use client'
// One socket per tab for a page's live updates: its board or thread room (use-room.ts) and the thread watcher
// (use-watcher-live.ts) share it, so a reader holds one connection to the server, not two (each costs the server a
// handshake and ≈ 15–20 KB for its life). Every user gets a view of the socket whose rooms and listeners are its own:
// a room's event reaches only the users in one of the rooms it was sent to (the server sends an event once per
// socket, whatever the rooms), releasing the view removes its listeners and leaves the rooms no other user is in,
// and the socket closes when its last user has let go (after the current task, so a client-side navigation hands
// it from page to page).
import type { DomainEvent } from '@/lib/realtime/events'
import { roomsFor } from '@/lib/realtime/rooms'
import { openSocket, type LiveSocket } from './open-socket'

/** At most 3 reconnection attempts, 20 s connection time-out; lib/client/retry-when-back.ts tries again later. */
const OPTIONS = { reconnectionAttempts: 3, timeout: 20000 }

type Listener = (...args: never[]) => void

interface User {
  rooms: Set<string>
  listeners: Array<[event: string, listener: Listener]>
  catchAll: Listener[]
  released: boolean
}

interface Hub {
  socket: LiveSocket | null
  close: () => void
  users: Set<User>
  /** Users waiting for the socket library to load. */
  waiting: Map<User, (socket: LiveSocket) => void>
}

let hub: Hub | null = null

function startHub(): Hub {
  const h: Hub = { socket: null, close: () => {}, users: new Set(), waiting: new Map() }
  h.close = openSocket(OPTIONS, (socket) => {
    h.socket = socket
    for (const attach of h.waiting.values()) attach(socket)
    h.waiting.clear()
  })
  return h
}

const heldByOthers = (h: Hub, user: User, room: string) => [...h.users].some((u) => u !== user && u.rooms.has(room))

/** False for a board or thread event sent to rooms the user is not in; true for anything else (connect, resync). */
function isFor(user: User, event: string, payload: unknown): boolean {
  if (typeof (payload as { boardId?: unknown } | null)?.boardId !== 'string') return true
  return roomsFor({ name: event, payload } as DomainEvent).some((room) => user.rooms.has(room))
}

/** The socket as one user sees it: its listeners are recorded, and room joins and leaves are counted. */
function viewFor(h: Hub, socket: LiveSocket, user: User): LiveSocket {
  const on = (event: string, listener: Listener) => {
    const heard = ((payload: never, ...rest: never[]) => {
      if (isFor(user, event, payload)) listener(payload, ...rest)
    }) as Listener
    socket.on(event as never, heard as never)
    user.listeners.push([event, heard])
    // A user arriving after the socket connected still hears about it, to join its rooms.
    if (event === 'connect' && socket.connected) queueMicrotask(() => user.released || listener())
    return view
  }
  const onAny = (listener: Listener) => {
    const heard = ((event: never, payload: never, ...rest: never[]) => {
      if (isFor(user, event, payload)) listener(event, payload, ...rest)
    }) as Listener
    socket.onAny(heard as never)
    user.catchAll.push(heard)
    return view
  }
  const emit = (event: string, ...args: unknown[]) => {
    const room = args[0]
    if (event === 'join_board' && typeof room === 'string') user.rooms.add(room)
    if (event === 'leave_board' && typeof room === 'string') {
      user.rooms.delete(room)
      if (heldByOthers(h, user, room)) return view
    }
    ;(socket.emit as (event: string, ...args: unknown[]) => unknown)(event, ...args)
    return view
  }
  const own: Record<string, unknown> = { on, onAny, emit }
  const view: LiveSocket = new Proxy(socket, {
    get(target, prop) {
      if (typeof prop === 'string' && prop in own) return own[prop]
      const value = Reflect.get(target, prop, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  return view
}

function detach(h: Hub, socket: LiveSocket, user: User): void {
  for (const [event, listener] of user.listeners) socket.off(event as never, listener as never)
  for (const listener of user.catchAll) socket.offAny(listener as never)
  for (const room of user.rooms) if (!heldByOthers(h, user, room) && socket.connected) socket.emit('leave_board', room)
}

/**
 * Hands the page's shared socket to `setup` (which registers its listeners and joins its rooms through the view it
 * gets) once the socket library has loaded; returns the release, for an effect's clean-up. Offline (the library
 * cannot be fetched) nothing is handed over: the page stays as served.
 */
export function shareSocket(setup: (socket: LiveSocket) => void): () => void {
  hub ??= startHub()
  const h = hub
  const user: User = { rooms: new Set(), listeners: [], catchAll: [], released: false }
  h.users.add(user)
  const attach = (socket: LiveSocket) => setup(viewFor(h, socket, user))
  if (h.socket) attach(h.socket)
  else h.waiting.set(user, attach)
  return () => {
    if (user.released) return
    user.released = true
    h.waiting.delete(user)
    if (h.socket) detach(h, h.socket, user)
    h.users.delete(user)
    queueMicrotask(() => {
      if (h.users.size || hub !== h) return
      hub = null
      h.close()
    })
  }
}
