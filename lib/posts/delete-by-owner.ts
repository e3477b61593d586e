// Deletion by the poster (contract 2.3, 2.4): proven by the cb_poster cookie, final, no reason, nothing
// logged; media is freed at once. Deleting the opening post deletes the whole thread. Staff deletion (with a
// reason, a log entry and a 24-hour snapshot) is a separate path.
import { getDb } from '../db/client'
import { lockRow } from '../db/locks'
import { assertNotBanned } from '../bans/check'
import { getBoardOrThrow } from '../boards/queries'
import { consume } from '../rate-limit/limits'
import { ConflictError, ForbiddenError, NotFoundError } from '../errors'
import { isOwner } from '../posters/identity'
import { publish } from '../events/bus'
import { releaseMedia } from '../media/release'

interface Caller { ip: string; cookieHeader: string | null }

async function threadOnBoard(boardId: string, threadId: number) {
  const db = await getDb()
  const thread = await db.thread.findUnique({ where: { id: threadId } })
  if (!thread || thread.boardId !== boardId) throw new NotFoundError('Thread not found')
  return thread
}

/** Deletes a whole thread with its posts, surveys and votes; emits thread_deleted after commit. */
async function removeThread(boardId: string, threadId: number): Promise<void> {
  const db = await getDb()
  const media = await db.post.findMany({ where: { threadId }, select: { mediaKey: true, thumbnailKey: true } })
  await db.thread.delete({ where: { id: threadId } })
  publish({ name: 'thread_deleted', payload: { threadId, boardId } })
  await releaseMedia(media.flatMap((m) => [m.mediaKey, m.thumbnailKey]))
}

export async function deleteOwnThread(boardId: string, threadId: number, caller: Caller) {
  await getBoardOrThrow(boardId)
  await assertNotBanned(boardId, caller.ip)
  const thread = await threadOnBoard(boardId, threadId)
  await consume(caller.ip, 'visitorDelete')
  const db = await getDb()
  const op = await db.post.findFirst({ where: { threadId, isOp: true }, select: { ownerKeyHash: true } })
  if (!op || !isOwner(caller.cookieHeader, op.ownerKeyHash)) throw new ForbiddenError('Not authorized to delete this thread')
  if (thread.isDead) throw new ConflictError('Cannot delete archived threads')
  await removeThread(boardId, threadId)
  return { message: 'Thread deleted successfully', deletedBy: 'owner' as const }
}

export async function deleteOwnPost(boardId: string, threadId: number, postId: number, caller: Caller) {
  await getBoardOrThrow(boardId)
  await assertNotBanned(boardId, caller.ip)
  const thread = await threadOnBoard(boardId, threadId)
  const db = await getDb()
  const post = await db.post.findUnique({ where: { id: postId } })
  if (!post || post.threadId !== threadId) throw new NotFoundError('Post not found')
  await consume(caller.ip, 'visitorDelete')
  if (!isOwner(caller.cookieHeader, post.ownerKeyHash)) throw new ForbiddenError('Not authorized to delete this post')
  if (thread.isDead) throw new ConflictError(post.isOp ? 'Cannot delete archived threads' : 'Cannot delete posts in archived threads')

  if (post.isOp) {
    await removeThread(boardId, threadId)
    return { message: 'Post deleted successfully', deletedBy: 'owner' as const, threadDeleted: true }
  }
  const postCount = await db.$transaction(async (tx) => {
    await lockRow(tx, 'threads', threadId)
    await tx.post.delete({ where: { id: postId } })
    // Deletions lower the count and never change the bump time (contract 5.1).
    return (await tx.thread.update({ where: { id: threadId }, data: { postCount: { decrement: 1 } } })).postCount
  })
  publish({ name: 'post_deleted', payload: { postId, threadId, boardId, postCount } })
  await releaseMedia([post.mediaKey, post.thumbnailKey])
  return { message: 'Post deleted successfully', deletedBy: 'owner' as const, threadDeleted: false }
}
