// The realtime channel's events (names and payloads the browser listens for), typed once and shared by the server and the browser.
// Room names: a board room is `{boardId}`, a thread room `{boardId}-{threadId}`.
import { MAX_ID } from '../http/params'
import type { PublicPost } from '../posts/types'

export interface ServerToClientEvents {
  thread_created: (p: { threadId: number; boardId: string; postId: number; topic: string; createdAt: string }) => void
  post_created: (p: {
    postId: number
    threadId: number
    boardId: string
    postCount: number
    bumped: boolean
    post: PublicPost
  }) => void
  post_deleted: (p: { postId: number; threadId: number; boardId: string; postCount: number }) => void
  thread_deleted: (p: { threadId: number; boardId: string }) => void
  post_color_changed: (p: { postId: number; threadId: number; boardId: string; color: string }) => void
  thread_sticky_updated: (p: { threadId: number; boardId: string; isSticky: boolean }) => void
  thread_died: (p: { threadId: number; boardId: string; diedAt: string }) => void
  survey_vote: (p: {
    surveyId: number
    postId: number
    threadId: number
    boardId: string
    totalResponses: number
  }) => void
  /** To every client of a server that may have missed events (its Redis link was down): fetch what changed. */
  resync: () => void
  /** Staff room only: the open reports of a board after a change. */
  report_count: (p: { boardId: string; open: number }) => void
}

export type JoinAck = (answer: { ok: true } | { ok: false; error: 'Unknown room' | 'Rate limited' }) => void

export type StaffJoinAck = (
  answer: { ok: true; counts: Record<string, number> } | { ok: false; error: 'Login required' | 'Rate limited' },
) => void

export interface ClientToServerEvents {
  join_board: (room: string, ack?: JoinAck) => void
  leave_board: (room: string) => void
  /** Joins the staff room: needs the handshake's staff session cookie. */
  join_staff: (ack?: StaffJoinAck) => void
}

export type EventName = Exclude<keyof ServerToClientEvents, 'resync' | 'report_count'>
export type EventPayload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0]

/** A domain event as published on the bus: its name and payload. */
export type DomainEvent = { [E in EventName]: { name: E; payload: EventPayload<E> } }[EventName]

export { boardRoom, roomsFor, threadRoom } from './rooms'

const ROOM = /^([a-z0-9]{1,10})(?:-([1-9][0-9]{0,9}))?$/

/** Parses a room name; null when malformed. */
export function parseRoom(name: unknown): { boardId: string; threadId?: number } | null {
  if (typeof name !== 'string') return null
  const m = ROOM.exec(name)
  if (!m) return null
  if (m[2] === undefined) return { boardId: m[1] }
  const threadId = Number(m[2])
  return threadId <= MAX_ID ? { boardId: m[1], threadId } : null
}
