// The staff report queue: open reports grouped by post, posts with an `illegal` report first, then the most
// reported, then the most recently reported. Staff see the boards they moderate; reporter addresses go to admins only.
import type { ReportCategory } from './categories'
import type { ReportQuery } from './schemas'
import { assertCanModerate, type Staff } from '../auth/staff'
import { getDb } from '../db/client'
import { banMarksFor } from '../posts/ban-marks'
import { toPublicPost } from '../posts/to-public'
import type { PublicPost } from '../posts/types'

export interface ReportedPost {
  postId: number
  boardId: string
  threadId: number
  count: number
  categories: Partial<Record<ReportCategory, number>>
  reasons: string[]
  firstReportedAt: string
  lastReportedAt: string
  /** Admins only. */
  reporterIps?: string[]
  post: PublicPost & { thread_topic: string }
}

/** Staff with assigned boards (and not admin) see those; everyone else every board. */
export const boardScopeOf = (staff: Staff): string[] | undefined =>
  staff.role === 'admin' || staff.boards.length === 0 ? undefined : staff.boards

export async function listOpenReports(staff: Staff, query: ReportQuery): Promise<ReportedPost[]> {
  if (query.board) assertCanModerate(staff, query.board)
  const scope = boardScopeOf(staff)
  const db = await getDb()
  const reports = await db.report.findMany({
    where: { dismissedAt: null, boardId: query.board ?? (scope ? { in: scope } : undefined) },
    orderBy: { id: 'asc' },
  })
  const byPost = new Map<number, typeof reports>()
  for (const r of reports) byPost.set(r.postId, [...(byPost.get(r.postId) ?? []), r])
  const groups = [...byPost.values()].filter((g) => !query.category || g.some((r) => r.category === query.category))
  if (!groups.length) return []

  const postIds = groups.map((g) => g[0].postId)
  const posts = new Map(
    (await db.post.findMany({ where: { id: { in: postIds } }, include: { thread: { select: { topic: true } } } })).map(
      (p) => [p.id, p],
    ),
  )
  const marks = await banMarksFor(postIds)
  const admin = staff.role === 'admin'
  const queue: ReportedPost[] = []
  for (const group of groups) {
    const post = posts.get(group[0].postId)
    if (!post) continue // deleted between the two reads: its reports went with it
    const categories: Partial<Record<ReportCategory, number>> = {}
    for (const r of group)
      categories[r.category as ReportCategory] = (categories[r.category as ReportCategory] ?? 0) + 1
    const times = group.map((r) => r.createdAt.getTime())
    queue.push({
      postId: post.id,
      boardId: post.boardId,
      threadId: post.threadId,
      count: group.length,
      categories,
      reasons: group.flatMap((r) => (r.reason ? [r.reason] : [])),
      firstReportedAt: new Date(Math.min(...times)).toISOString(),
      lastReportedAt: new Date(Math.max(...times)).toISOString(),
      ...(admin ? { reporterIps: [...new Set(group.map((r) => r.reporterIp))] } : {}),
      post: { ...toPublicPost(post, marks.get(post.id), undefined), thread_topic: post.thread.topic },
    })
  }
  return queue.sort(
    (a, b) =>
      Number(Boolean(b.categories.illegal)) - Number(Boolean(a.categories.illegal)) ||
      b.count - a.count ||
      b.lastReportedAt.localeCompare(a.lastReportedAt),
  )
}
