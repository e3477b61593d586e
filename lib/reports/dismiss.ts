// Staff dismiss a post's open reports: they leave the queue, stay stored (the same reporters cannot report the
// post again), and the dismissal is logged.
import { assertCanModerate, type Staff } from '../auth/staff'
import { getDb } from '../db/client'
import { NotFoundError } from '../errors'
import { publish } from '../events/bus'
import { logAction } from '../staff/action-log'

export async function dismissReports(staff: Staff, postId: number): Promise<{ dismissed: number }> {
  const db = await getDb()
  const result = await db.$transaction(async (tx) => {
    const post = await tx.post.findUnique({ where: { id: postId } })
    if (!post) throw new NotFoundError('Post not found')
    assertCanModerate(staff, post.boardId)
    const open = await tx.report.findMany({
      where: { postId, dismissedAt: null },
      select: { id: true, category: true },
    })
    if (!open.length) return { dismissed: 0, boardId: post.boardId }
    const { count } = await tx.report.updateMany({
      where: { id: { in: open.map((r) => r.id) }, dismissedAt: null },
      data: { dismissedAt: new Date() },
    })
    const categories: Record<string, number> = {}
    for (const r of open) categories[r.category] = (categories[r.category] ?? 0) + 1
    await logAction(tx, {
      actionType: 'reports_dismissed',
      staff,
      boardId: post.boardId,
      threadId: post.threadId,
      postId,
      details: { count, categories, content_preview: Array.from(post.content).slice(0, 100).join('') },
    })
    return { dismissed: count, boardId: post.boardId }
  })
  if (result.dismissed) publish({ name: 'reports_changed', payload: { boardId: result.boardId } })
  return { dismissed: result.dismissed }
}
