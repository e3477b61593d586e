// A room may be joined when it names an existing board, or an existing thread (live or dead) on that board.
import { getDb } from '../db/client'

export async function roomExists(room: { boardId: string; threadId?: number }): Promise<boolean> {
  const db = await getDb()
  if (room.threadId === undefined) {
    return (await db.board.count({ where: { id: room.boardId } })) > 0
  }
  return (await db.thread.count({ where: { id: room.threadId, boardId: room.boardId } })) > 0
}
