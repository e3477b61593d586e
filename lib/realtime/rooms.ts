// Which rooms an event goes to, by name. Kept apart from events.ts, which parses room names with the server's id
// limits (and so loads zod): the browser needs only this, to tell the rooms of its shared socket apart.
import type { DomainEvent } from './events'

export const boardRoom = (boardId: string) => boardId
export const threadRoom = (boardId: string, threadId: number) => `${boardId}-${threadId}`

/** thread_created goes to the board room only (its thread room cannot have members yet); the rest to both. */
export function roomsFor(event: DomainEvent): string[] {
  const { boardId } = event.payload
  if (event.name === 'thread_created') return [boardRoom(boardId)]
  return [boardRoom(boardId), threadRoom(boardId, event.payload.threadId)]
}
