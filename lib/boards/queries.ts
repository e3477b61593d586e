// Board reads, shared by pages and route handlers. Every request names a board and boards change only through
// the settings screen, so the list is kept in memory and dropped by board_updated (from any process, through the
// event relay) and when the relay may have lost events. A board edited in the database by hand shows after a
// restart.
import { getDb } from '../db/client'
import { NotFoundError } from '../errors'
import { subscribe } from '../events/bus'
import { processSingleton } from '../process-singleton'
import { type PublicBoard, toPublicBoard } from './types'

interface State {
  boards: Promise<PublicBoard[]> | null
  subscribed: boolean
}
const state = () => processSingleton<State>('boards', () => ({ boards: null, subscribed: false }))

/** Forgets the list; the next read loads it again (a read already under way still answers its own callers). */
function forgetBoards(): void {
  state().boards = null
}

function cachedBoards(): Promise<PublicBoard[]> {
  const s = state()
  if (!s.subscribed) {
    s.subscribed = true
    subscribe('state', (event) => {
      if (event.name === 'board_updated' || event.name === 'events_missed') forgetBoards()
    })
  }
  if (s.boards) return s.boards
  const loading = (async () => {
    const db = await getDb()
    // Frozen: every caller shares these objects.
    return (await db.board.findMany({ orderBy: { id: 'asc' } })).map((b) => Object.freeze(toPublicBoard(b)))
  })()
  s.boards = loading
  loading.catch(() => {
    if (s.boards === loading) s.boards = null
  })
  return loading
}

/** All boards, sorted by id. */
export async function listBoards(): Promise<PublicBoard[]> {
  return [...(await cachedBoards())]
}

export async function boardExists(boardId: string): Promise<boolean> {
  return (await cachedBoards()).some((b) => b.id === boardId)
}

/** True for an existing board, or an existing thread (live or dead) on that board: a socket room, a cached page. */
export async function boardOrThreadExists(place: { boardId: string; threadId?: number }): Promise<boolean> {
  if (place.threadId === undefined) return boardExists(place.boardId)
  const db = await getDb()
  return (await db.thread.count({ where: { id: place.threadId, boardId: place.boardId } })) > 0
}

export async function getBoardOrThrow(boardId: string): Promise<PublicBoard> {
  const board = (await cachedBoards()).find((b) => b.id === boardId)
  if (!board) throw new NotFoundError('Board not found')
  return board
}
