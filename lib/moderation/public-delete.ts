// Deleting posts and threads from the public routes. Authority, checked in this order:
// 1. the owner (poster key) of a live thread: final, no reason, nothing logged, media freed at once;
// 2. staff with rights on the board: CSRF token and a reason, logged, 24-hour snapshots (lib/moderation);
// 3. an owner in a dead thread: 409;  4. anyone else: 403.
// Callers without staff rights on the board are ban-checked first.
import { requireReason, staffDeletePost, staffDeleteThread } from './staff-delete'
import type { SessionData } from '../auth/session'
import { assertCanModerate, assertCsrf, currentStaff, type Staff } from '../auth/staff'
import { assertNotBanned } from '../bans/check'
import { getBoardOrThrow } from '../boards/queries'
import { getDb } from '../db/client'
import { lockRow } from '../db/locks'
import { ConflictError, ForbiddenError, NotFoundError } from '../errors'
import { publish } from '../events/bus'
import { releaseMedia } from '../media/release'
import { isOwner } from '../posters/identity'
import { consume } from '../rate-limit/limits'

/** Who asks, as the route read it from the request. */
export interface DeleteCaller {
  ip: string
  /** From the cb_poster cookie; null when the caller has none. */
  posterKey: string | null
  /** The staff session's contents (empty for visitors). */
  session: SessionData
  /** The X-CSRF-Token header; staff deletions need it to match the session's token. */
  csrfToken: string | null
  body: { reason?: string; purgeMedia?: boolean }
}

interface Authority {
  staff: Staff | null
  thread: { isDead: boolean }
}

async function authorityFor(boardId: string, threadId: number, caller: DeleteCaller): Promise<Authority> {
  await getBoardOrThrow(boardId)
  const staff = await currentStaff(caller.session)
  if (!staff?.canModerate(boardId)) await assertNotBanned(boardId, caller.ip)
  const db = await getDb()
  const thread = await db.thread.findUnique({ where: { id: threadId }, select: { boardId: true, isDead: true } })
  if (!thread || thread.boardId !== boardId) throw new NotFoundError('Thread not found')
  return { staff, thread }
}

/** Paths 2–4 once the owner path did not apply. */
function staffOrRefuse(a: Authority, owner: boolean, caller: DeleteCaller, boardId: string, what: 'thread' | 'post') {
  if (a.staff) {
    assertCanModerate(a.staff, boardId)
    assertCsrf(caller.session, caller.csrfToken)
    return {
      staff: a.staff,
      purgeMedia: caller.body.purgeMedia === true,
      reason: requireReason(
        caller.body.reason,
        what === 'thread' ? 'Please provide a reason for deletion' : 'Reason is required',
      ),
    }
  }
  if (owner && a.thread.isDead)
    throw new ConflictError(
      what === 'thread' ? 'Cannot delete archived threads' : 'Cannot delete posts in archived threads',
    )
  throw new ForbiddenError(`Not authorized to delete this ${what}`)
}

/** Removes a thread with its posts, surveys and votes for its owner; thread_deleted after commit. */
async function removeOwnThread(boardId: string, threadId: number): Promise<void> {
  const db = await getDb()
  const media = await db.post.findMany({ where: { threadId }, select: { mediaKey: true, thumbnailKey: true } })
  await db.thread.delete({ where: { id: threadId } })
  publish({ name: 'thread_deleted', payload: { threadId, boardId } })
  await releaseMedia(media.flatMap((m) => [m.mediaKey, m.thumbnailKey]))
}

export async function deleteThread(boardId: string, threadId: number, caller: DeleteCaller) {
  const a = await authorityFor(boardId, threadId, caller)
  const db = await getDb()
  const op = await db.post.findFirst({ where: { threadId, isOp: true }, select: { ownerKeyHash: true } })
  const owner = Boolean(op && isOwner(caller.posterKey, op.ownerKeyHash))
  if (!a.staff) await consume(caller.ip, 'visitorDelete')
  if (owner && !a.thread.isDead) {
    await removeOwnThread(boardId, threadId)
    return { message: 'Thread deleted successfully', deletedBy: 'owner' as const }
  }
  return staffDeleteThread(boardId, threadId, staffOrRefuse(a, owner, caller, boardId, 'thread'))
}

export async function deletePost(boardId: string, threadId: number, postId: number, caller: DeleteCaller) {
  const a = await authorityFor(boardId, threadId, caller)
  const db = await getDb()
  const post = await db.post.findUnique({ where: { id: postId } })
  if (!post || post.threadId !== threadId) throw new NotFoundError('Post not found')
  if (!a.staff) await consume(caller.ip, 'visitorDelete')
  const owner = isOwner(caller.posterKey, post.ownerKeyHash)

  if (owner && !a.thread.isDead) {
    if (post.isOp) {
      await removeOwnThread(boardId, threadId)
      return { message: 'Post deleted successfully', deletedBy: 'owner' as const, threadDeleted: true }
    }
    const postCount = await db.$transaction(async (tx) => {
      await lockRow(tx, 'threads', threadId)
      await tx.post.delete({ where: { id: postId } })
      // Deletions lower the count and never change the bump time.
      return (await tx.thread.update({ where: { id: threadId }, data: { postCount: { decrement: 1 } } })).postCount
    })
    publish({ name: 'post_deleted', payload: { postId, threadId, boardId, postCount } })
    await releaseMedia([post.mediaKey, post.thumbnailKey])
    return { message: 'Post deleted successfully', deletedBy: 'owner' as const, threadDeleted: false }
  }
  const { threadDeleted } = await staffDeletePost(
    boardId,
    threadId,
    postId,
    staffOrRefuse(a, owner, caller, boardId, 'post'),
  )
  return { message: 'Post deleted successfully', deletedBy: 'staff' as const, threadDeleted }
}
