// Creating a ban: validated, limited by role, post context filled from the post or its
// snapshot, logged as `banned`. The post then shows 'USER WAS BANNED FOR THIS POST'.
import { getDb } from '../db/client'
import { publish } from '../events/bus'
import { ValidationError, type FieldIssue } from '../errors'
import type { Staff } from '../auth/staff'
import { ipKey, normalizeIp } from '../net/ip'
import { codePoints, normalizeText } from '../text/normalize'
import { logAction } from '../moderation/log'
import { REASON_MAX } from '../moderation/staff-delete'
import { assertMayBan, parseExpiry } from './ban-rules'
import { toBanDto } from './types'

const optionalId = (v: unknown): number | null | 'bad' => {
  if (v === null || v === undefined || v === '') return null
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN
  return Number.isInteger(n) && n > 0 && n <= 2147483647 ? n : 'bad'
}

export async function createBan(staff: Staff, body: unknown) {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>
  const issues: FieldIssue[] = []
  const rawIp = normalizeText(b.ip_address)
  const ip = rawIp ? normalizeIp(rawIp) : null
  if (!rawIp) issues.push({ field: 'ip_address', message: 'IP address is required' })
  else if (!ip) issues.push({ field: 'ip_address', message: 'Invalid IP address' })
  const reason = normalizeText(b.reason)
  if (!reason) issues.push({ field: 'reason', message: 'Reason is required' })
  else if (codePoints(reason) > REASON_MAX) issues.push({ field: 'reason', message: `Reason must be ${REASON_MAX} characters or less` })
  const boardId = b.board_id === null || b.board_id === undefined || b.board_id === '' ? null : String(b.board_id)
  const threadId = optionalId(b.thread_id)
  const postId = optionalId(b.post_id)
  if (threadId === 'bad') issues.push({ field: 'thread_id', message: 'thread_id must be an integer' })
  if (postId === 'bad') issues.push({ field: 'post_id', message: 'post_id must be an integer' })
  let expiresAt: Date | null = null
  try { expiresAt = parseExpiry(b.expires_at) } catch (err) { issues.push(...(err as ValidationError).details) }
  const db = await getDb()
  if (boardId !== null && !(await db.board.findUnique({ where: { id: boardId } }))) issues.push({ field: 'board_id', message: `Unknown board: ${boardId}` })
  if (issues.length) throw new ValidationError(issues)
  assertMayBan(staff, boardId, expiresAt)

  // Post context: given fields win; missing ones come from the post, or from its staff-deletion snapshot.
  let postContent = typeof b.post_content === 'string' ? b.post_content : null
  let postImageUrl = typeof b.post_image_url === 'string' ? b.post_image_url : null
  let thread = threadId as number | null
  if (postId !== null && (postContent === null || postImageUrl === null || thread === null)) {
    const post = await db.post.findUnique({ where: { id: postId as number } })
    const source = post ?? await db.moderationSnapshot.findFirst({ where: { postId: postId as number }, orderBy: { id: 'desc' } })
    if (source) {
      postContent ??= source.content
      postImageUrl ??= source.imageUrl
      thread ??= source.threadId
    }
  }

  const ban = await db.$transaction(async (tx) => {
    const ban = await tx.ban.create({
      data: {
        ipAddress: ip!, ipKey: ipKey(ip!), boardId, reason, expiresAt, postContent, postImageUrl, threadId: thread,
        postId: postId as number | null, adminUserId: staff.id, adminUsername: staff.username,
      },
    })
    await logAction(tx, { actionType: 'banned', staff, boardId, threadId: thread, postId: postId as number | null, banId: ban.id, ipAddress: ip, reason,
      details: { expires_at: expiresAt?.toISOString() ?? null, is_global: boardId === null } })
    return ban
  })
  publish({ name: 'bans_changed', payload: { boardId: ban.boardId, threadId: ban.threadId } })
  return toBanDto(ban, staff.role !== 'janitor')
}
