// Staff tools on a single post: IP lookup (also for posts deleted by staff in the last 24 hours,
// from their snapshot; every lookup is audited) and colour changes (logged, live to both rooms).
import { assertCanModerate, type Staff } from '../auth/staff'
import { getDb } from '../db/client'
import { ConflictError, NotFoundError } from '../errors'
import { publish } from '../events/bus'
import { banMarksFor } from '../posts/ban-marks'
import { toPublicPost } from '../posts/to-public'
import type { PostColor } from '../posts/types'
import { logAction } from '../staff/action-log'
import { surveySummaries } from '../surveys/queries'

export interface PostRef {
  boardId: string
  threadId: number
  postId: number
}

export async function lookupPostIp(staff: Staff, { boardId, threadId, postId }: PostRef) {
  assertCanModerate(staff, boardId)
  const db = await getDb()
  const post = await db.post.findUnique({ where: { id: postId } })
  const live = post && post.boardId === boardId && post.threadId === threadId ? post : null
  const snapshot = live
    ? null
    : await db.moderationSnapshot.findFirst({
        where: { postId, boardId, threadId, expiresAt: { gt: new Date() } },
        orderBy: { id: 'desc' },
      })
  if (!live && !snapshot) throw new NotFoundError('Post not found')
  await db.staffAuditEntry.create({
    data: { adminUserId: staff.id, action: 'post_ip_lookup', target: `post:${postId}` },
  })
  return live
    ? { ip_address: live.ipAddress, post_content: live.content, image_url: live.imageUrl, deleted: false }
    : { ip_address: snapshot!.ipAddress, post_content: snapshot!.content, image_url: snapshot!.imageUrl, deleted: true }
}

/** `note` is the staff member's optional reason; without one the log says what changed. */
export async function changeColor(staff: Staff, ref: PostRef, color: PostColor, note: string) {
  const db = await getDb()
  const updated = await db.$transaction(async (tx) => {
    const post = await tx.post.findUnique({
      where: { id: ref.postId },
      include: { thread: { select: { isDead: true } } },
    })
    if (!post || post.boardId !== ref.boardId || post.threadId !== ref.threadId)
      throw new NotFoundError('Post not found')
    if (post.thread.isDead) throw new ConflictError('Cannot change colors in archived threads')
    await logAction(tx, {
      actionType: 'color_changed',
      staff,
      boardId: ref.boardId,
      threadId: ref.threadId,
      postId: ref.postId,
      ipAddress: post.ipAddress,
      reason: note || `Changed color from ${post.color} to ${color}`,
      details: { from: post.color, to: color },
    })
    return tx.post.update({ where: { id: ref.postId }, data: { color } })
  })
  publish({
    name: 'post_color_changed',
    payload: { postId: ref.postId, threadId: ref.threadId, boardId: ref.boardId, color },
  })
  const [marks, surveys] = await Promise.all([banMarksFor([updated.id]), surveySummaries(db, { postId: updated.id })])
  return toPublicPost(updated, marks.get(updated.id), surveys.get(updated.id) ?? null)
}
