// Housekeeping's thread task: per board, apply the 100-thread cap again as a safety net,
// then delete dead threads whose 48 hours are over, with their posts, surveys, votes and media.
import { getDb } from '../db/client'
import { lockRow } from '../db/locks'
import { publish } from '../events/bus'
import { releaseMedia } from '../media/release'
import { applyThreadCap } from '../threads/thread-cap'
import { DEAD_THREAD_RETENTION_MS } from '../time'

export interface ThreadCleanupResult {
  boardsChecked: number
  threadsMarkedDead: number
  threadsDeleted: number
  filesDeleted: number
}

export async function cleanupThreads(now: Date): Promise<ThreadCleanupResult> {
  const db = await getDb()
  const boards = await db.board.findMany({ select: { id: true }, orderBy: { id: 'asc' } })
  const result: ThreadCleanupResult = { boardsChecked: 0, threadsMarkedDead: 0, threadsDeleted: 0, filesDeleted: 0 }
  for (const { id: boardId } of boards) {
    const died = await db.$transaction(async (tx) => {
      await lockRow(tx, 'boards', boardId)
      return applyThreadCap(tx, boardId, now)
    })
    publish(...died.map((d) => ({ name: 'thread_died' as const, payload: d })))
    result.threadsMarkedDead += died.length
    const deleted = await deleteExpiredDeadThreads(boardId, now)
    result.threadsDeleted += deleted.threads
    result.filesDeleted += deleted.files
    result.boardsChecked++
  }
  return result
}

/** A board's dead threads whose retention is over. */
export async function expiredDeadThreads(boardId: string, now: Date): Promise<{ id: number }[]> {
  const db = await getDb()
  const cutoff = new Date(now.getTime() - DEAD_THREAD_RETENTION_MS)
  return db.thread.findMany({ where: { boardId, isDead: true, diedAt: { lte: cutoff } }, select: { id: true } })
}

async function deleteExpiredDeadThreads(boardId: string, now: Date): Promise<{ threads: number; files: number }> {
  const db = await getDb()
  const expired = await expiredDeadThreads(boardId, now)
  let threads = 0
  let files = 0
  for (const { id: threadId } of expired) {
    const media = await db.post.findMany({ where: { threadId }, select: { mediaKey: true, thumbnailKey: true } })
    // Posts, surveys and votes go with the thread (foreign keys cascade).
    const { count } = await db.thread.deleteMany({ where: { id: threadId, isDead: true } })
    if (!count) continue
    threads++
    publish({ name: 'thread_deleted', payload: { threadId, boardId } })
    files += await releaseMedia(
      media.flatMap((m) => [m.mediaKey, m.thumbnailKey]),
      now,
    )
  }
  return { threads, files }
}
