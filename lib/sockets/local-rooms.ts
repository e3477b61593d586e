// Rooms that have a client connected to this process. socket.io encodes a broadcast before it looks for
// recipients, and a room here may need a query to fill its message: callers leave out rooms nobody here listens to,
// and do nothing when none is left (most threads have nobody watching). Each process tells only its own clients
// (lib/events/relay.ts), so the local rooms are the ones that count, with the Redis adapter as without it.

/** The part of a socket.io server this reads: its default namespace's local rooms. */
interface LocalRooms {
  sockets: { adapter: { rooms: ReadonlyMap<string, unknown> } }
}

export function roomsWithClients(io: LocalRooms, rooms: string[]): string[] {
  return rooms.filter((room) => io.sockets.adapter.rooms.has(room))
}
