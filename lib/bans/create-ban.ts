// Creating a ban: limited by role, post context filled from the post or its staff-deletion snapshot, logged
// as `banned`. The post then shows 'USER WAS BANNED FOR THIS POST'.
import { assertMayBan } from './ban-rules'
import type { NewBan } from './schemas'
import { toBanDto } from './types'
import type { Staff } from '../auth/staff'
import { getDb } from '../db/client'
import { publish } from '../events/bus'
import { ipKey } from '../net/ip'
import { logAction } from '../staff/action-log'

export async function createBan(staff: Staff, input: NewBan) {
  const {
    ip_address: ip,
    reason,
    board_id: boardId,
    thread_id: threadId,
    post_id: postId,
    expires_at: expiresAt,
  } = input
  assertMayBan(staff, boardId, expiresAt)

  // Post context: given fields win; missing ones come from the post, or from its staff-deletion snapshot.
  let postContent = input.post_content
  let postImageUrl = input.post_image_url
  let thread = threadId
  const db = await getDb()
  if (postId !== null && (postContent === null || postImageUrl === null || thread === null)) {
    const post = await db.post.findUnique({ where: { id: postId } })
    const source = post ?? (await db.moderationSnapshot.findFirst({ where: { postId }, orderBy: { id: 'desc' } }))
    if (source) {
      postContent ??= source.content
      postImageUrl ??= source.imageUrl
      thread ??= source.threadId
    }
  }

  const ban = await db.$transaction(async (tx) => {
    const ban = await tx.ban.create({
      data: {
        ipAddress: ip,
        ipKey: ipKey(ip),
        boardId,
        reason,
        expiresAt,
        postContent,
        postImageUrl,
        threadId: thread,
        postId,
        adminUserId: staff.id,
        adminUsername: staff.username,
      },
    })
    await logAction(tx, {
      actionType: 'banned',
      staff,
      boardId,
      threadId: thread,
      postId,
      banId: ban.id,
      ipAddress: ip,
      reason,
      details: { expires_at: expiresAt?.toISOString() ?? null, is_global: boardId === null },
    })
    return ban
  })
  publish({ name: 'bans_changed', payload: { boardId: ban.boardId, threadId: ban.threadId } })
  return toBanDto(ban, staff.role !== 'janitor')
}
