// A room may be joined when it names an existing board, or an existing thread (live or dead) on that board.
import { getDb } from '../db/client'
import { boardExists } from '../boards/queries'

export async function roomExists(room: { boardId: string; threadId?: number }): Promise<boolean> {
  if (room.threadId === undefined) return boardExists(room.boardId)
  const db = await getDb()
  return (await db.thread.count({ where: { id: room.threadId, boardId: room.boardId } })) > 0
}
