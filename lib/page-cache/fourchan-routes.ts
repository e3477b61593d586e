// The paths of the 4chan-compatible API under /api/4chan/, and the page-cache tags of each file (which events make
// it stale): boards.json changes with the boards ("home" is dropped by board_updated), a board's files with any
// change on the board, a thread file with its thread.
import { threadOfNumber } from './fourchan-thread-numbers'
import { SAFETY_TTL_MS, threadTags, type ApiRoute } from './route-parts'

export const FOURCHAN_BASE = '/api/4chan/'
const BOARDS = '/api/4chan/boards.json'
const BOARD_FILE = /^\/api\/4chan\/([a-z0-9]{1,10})\/(?:catalog|threads|archive|[1-9][0-9]{0,3})\.json$/
const THREAD_FILE = /^\/api\/4chan\/([a-z0-9]{1,10})\/thread\/([1-9][0-9]{0,9})\.json$/

export const boardsTags = () => ['home']
export const boardTags = (boardId: string) => [`board:${boardId}`]

export const isFourchanPath = (pathname: string) => pathname.startsWith(FOURCHAN_BASE)

/**
 * The cache route of a 4chan file, or null (not cached: a query string, an unknown path). A thread file whose
 * number this process has not yet seen is tagged by its board, which every change of the thread also drops.
 */
export function fourchanRoute(pathname: string, search: string): ApiRoute | null {
  if (search) return null
  if (pathname === BOARDS) return { tags: boardsTags(), ttlMs: SAFETY_TTL_MS, api: true }
  const board = BOARD_FILE.exec(pathname)
  if (board) return { tags: boardTags(board[1]), boardId: board[1], ttlMs: SAFETY_TTL_MS, api: true }
  const thread = THREAD_FILE.exec(pathname)
  if (!thread || Number(thread[2]) > 2147483647) return null
  const known = threadOfNumber(Number(thread[2]))
  if (known && known.boardId === thread[1])
    return {
      tags: threadTags(thread[1], known.threadId),
      boardId: thread[1],
      threadId: known.threadId,
      ttlMs: SAFETY_TTL_MS,
      api: true,
    }
  return { tags: boardTags(thread[1]), boardId: thread[1], ttlMs: SAFETY_TTL_MS, api: true }
}
