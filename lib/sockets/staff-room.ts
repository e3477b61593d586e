// The staff room of the realtime channel: open-report counts for the admin shell's badge. A socket joins only
// with a valid staff session: the `cb_session` cookie of its handshake is unsealed and checked like a request's
// (active user, current generation, under 24 hours). Staff of every board are in STAFF_ALL_ROOM, staff assigned
// to boards in one room per board, so nobody hears counts of boards they do not moderate.
import type { Server, Socket } from 'socket.io'
import { roomsWithClients } from './local-rooms'
import { staffOfSeal } from '../auth/session-cookie'
import type { BusEvent } from '../events/internal'
import type { StaffJoinAck } from '../realtime/events'
import { openReportCount, openReportCounts } from '../reports/counts'
import { boardScopeOf } from '../reports/queue'

export const STAFF_ALL_ROOM = 'staff:*'
/** Colons never appear in board or thread rooms, so join_board can never name a staff room. */
export const staffBoardRoom = (boardId: string) => `staff:${boardId}`

/** join_staff: the socket joins its staff rooms and gets the current counts in the acknowledgement. */
export async function joinStaff(socket: Socket, seal: string | null, reply: StaffJoinAck): Promise<void> {
  const staff = await staffOfSeal(seal).catch(() => null)
  if (!staff) return reply({ ok: false, error: 'Login required' })
  const scope = boardScopeOf(staff)
  await socket.join(scope ? scope.map(staffBoardRoom) : [STAFF_ALL_ROOM])
  reply({ ok: true, counts: await openReportCounts(scope) })
}

/** The board whose open-report count an event may have changed, or null. */
function boardOfChange(event: BusEvent): string | null {
  switch (event.name) {
    case 'reports_changed':
    case 'post_deleted':
    case 'thread_deleted':
      return event.payload.boardId
    default:
      return null
  }
}

/** Tells this process's staff sockets the new count of a board after an event that may have changed it. */
export async function announceReportCount(io: Server, event: BusEvent): Promise<void> {
  const boardId = boardOfChange(event)
  if (!boardId) return
  const rooms = roomsWithClients(io, [STAFF_ALL_ROOM, staffBoardRoom(boardId)])
  if (!rooms.length) return // nobody of this process listening: no query
  io.local.to(rooms).emit('report_count', { boardId, open: await openReportCount(boardId) })
}
