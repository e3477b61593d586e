// Board reads, shared by pages and route handlers.
import { getDb } from '../db/client'
import { NotFoundError } from '../errors'
import { type PublicBoard, toPublicBoard } from './types'

/** All boards, sorted by id (contract 2.2). */
export async function listBoards(): Promise<PublicBoard[]> {
  const db = await getDb()
  return (await db.board.findMany({ orderBy: { id: 'asc' } })).map(toPublicBoard)
}

export async function getBoardOrThrow(boardId: string): Promise<PublicBoard> {
  const db = await getDb()
  const board = await db.board.findUnique({ where: { id: boardId } })
  if (!board) throw new NotFoundError('Board not found')
  return toPublicBoard(board)
}
