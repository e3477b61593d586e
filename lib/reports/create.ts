// A visitor reports a post. The reporter is the client's IP or IPv6 /64 (as a keyed hash, the raw address kept
// for admins): the poster-key cookie is dropped at will, the address is what bans and limits already count.
// One report per post and reporter counts; a repeat changes nothing.
import type { NewReport } from './schemas'
import { assertNotBanned } from '../bans/check'
import { getBoardOrThrow } from '../boards/queries'
import { getDb } from '../db/client'
import { NotFoundError } from '../errors'
import { publish } from '../events/bus'
import { reporterHash } from '../posters/identity'
import { consume } from '../rate-limit/limits'

export interface ReportTarget {
  postId: number
  boardId: string
  threadId: number
}

/** Everything that answers before the report's body is judged: board, ban, post, rate limit. */
export async function reportTarget(boardId: string, postId: number, ip: string): Promise<ReportTarget> {
  await getBoardOrThrow(boardId)
  await assertNotBanned(boardId, ip)
  const db = await getDb()
  const post = await db.post.findUnique({ where: { id: postId }, select: { boardId: true, threadId: true } })
  if (!post || post.boardId !== boardId) throw new NotFoundError('Post not found')
  await consume(ip, 'report')
  return { postId, boardId, threadId: post.threadId }
}

/** Stores the report; false when this reporter had already reported the post. */
export async function createReport(target: ReportTarget, ip: string, report: NewReport): Promise<boolean> {
  const db = await getDb()
  try {
    await db.report.create({
      data: {
        ...target,
        category: report.category,
        reason: report.reason || null,
        reporterIp: ip,
        reporterHash: reporterHash(ip),
        createdAt: new Date(),
      },
    })
  } catch (err) {
    const code = (err as { code?: string }).code
    // A repeat meets the unique (post, reporter) key; a post deleted meanwhile fails its foreign key.
    if (code === 'P2002') return false
    if (code === 'P2003') throw new NotFoundError('Post not found')
    throw err
  }
  publish({ name: 'reports_changed', payload: { boardId: target.boardId } })
  return true
}
