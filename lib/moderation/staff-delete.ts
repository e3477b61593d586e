// Deletion by staff: a reason is required, the change is logged, every removed post is
// kept as a 24-hour snapshot, and events go to both rooms after commit. Allowed in dead threads. Deleting an
// opening post deletes the whole thread.
import { assertCanModerate, type Staff } from '../auth/staff'
import { getDb } from '../db/client'
import { lockRow } from '../db/locks'
import { NotFoundError, ValidationError } from '../errors'
import { REASON_MAX } from '../limits'
import { snapshotPosts } from './snapshots'
import { publish } from '../events/bus'
import { releaseMedia } from '../media/release'
import { logAction } from '../staff/action-log'
import { codePoints, normalizeText } from '../text/normalize'

/** A staff deletion's reason (sent as optional text; staff must give one). */
export function requireReason(raw: string | undefined, missingMessage: string): string {
  const reason = normalizeText(raw)
  if (!reason) throw ValidationError.field('reason', missingMessage)
  if (codePoints(reason) > REASON_MAX)
    throw ValidationError.field('reason', `Reason must be ${REASON_MAX} characters or less`)
  return reason
}

export interface StaffDeletion {
  staff: Staff
  reason: string
  purgeMedia: boolean
}

export async function staffDeleteThread(
  boardId: string,
  threadId: number,
  { staff, reason, purgeMedia }: StaffDeletion,
) {
  assertCanModerate(staff, boardId)
  const db = await getDb()
  const posts = await db.$transaction(async (tx) => {
    const thread = await tx.thread.findUnique({ where: { id: threadId } })
    if (!thread || thread.boardId !== boardId) throw new NotFoundError('Thread not found')
    const posts = await tx.post.findMany({ where: { threadId } })
    const op = posts.find((p) => p.isOp)
    await snapshotPosts(tx, posts, purgeMedia)
    await logAction(tx, {
      actionType: 'thread_deleted',
      staff,
      boardId,
      threadId,
      postId: op?.id,
      ipAddress: op?.ipAddress,
      reason,
      details: { topic: thread.topic, post_count: thread.postCount },
    })
    await tx.thread.delete({ where: { id: threadId } })
    return posts
  })
  publish({ name: 'thread_deleted', payload: { threadId, boardId } })
  if (purgeMedia) await releaseMedia(posts.flatMap((p) => [p.mediaKey, p.thumbnailKey]))
  return { message: 'Thread deleted successfully', deletedBy: 'staff' as const }
}

export async function staffDeletePost(boardId: string, threadId: number, postId: number, deletion: StaffDeletion) {
  const { staff, reason, purgeMedia } = deletion
  assertCanModerate(staff, boardId)
  const db = await getDb()
  const post = await db.post.findUnique({ where: { id: postId } })
  if (!post || post.threadId !== threadId || post.boardId !== boardId) throw new NotFoundError('Post not found')
  if (post.isOp) {
    await staffDeleteThread(boardId, threadId, deletion)
    return { post, threadDeleted: true }
  }
  const postCount = await db.$transaction(async (tx) => {
    await lockRow(tx, 'threads', threadId)
    await snapshotPosts(tx, [post], purgeMedia)
    await logAction(tx, {
      actionType: 'post_deleted',
      staff,
      boardId,
      threadId,
      postId,
      ipAddress: post.ipAddress,
      reason,
      details: { content_preview: Array.from(post.content).slice(0, 100).join(''), had_media: Boolean(post.mediaKey) },
    })
    await tx.post.delete({ where: { id: postId } })
    return (await tx.thread.update({ where: { id: threadId }, data: { postCount: { decrement: 1 } } })).postCount
  })
  publish({ name: 'post_deleted', payload: { postId, threadId, boardId, postCount } })
  if (purgeMedia) await releaseMedia([post.mediaKey, post.thumbnailKey])
  return { post, threadDeleted: false }
}
