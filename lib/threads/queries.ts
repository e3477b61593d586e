// Thread and post reads shared by the board page, the thread page and the API. Each read is a fixed number
// of queries whatever the size of the board or thread.
import { getDb, type Db, type Prisma } from '../db/client'
import { NotFoundError } from '../errors'
import { banMarksFor, banMarksInThread } from '../posts/ban-marks'
import { SURVEY_SUMMARY_INCLUDE, toPublicPost } from '../posts/to-public'
import type { PublicPost } from '../posts/types'
import { LATEST_REPLIES, type PublicThread, type ThreadSummary, toPublicThread } from './types'

/** Live threads of a board: sticky first, then last bump, then id (contract 5.2), with OP and latest replies. */
export async function listBoardThreads(boardId: string): Promise<ThreadSummary[]> {
  const db = await getDb()
  const threads = await db.thread.findMany({
    where: { boardId, isDead: false },
    orderBy: [{ isSticky: 'desc' }, { updatedAt: 'desc' }, { id: 'desc' }],
  })
  if (!threads.length) return []
  const threadIds = threads.map((t) => t.id)
  // The opening post and the newest replies of every thread, in one statement.
  const rows = await db.$queryRawUnsafe<{ id: number | bigint }[]>(
    `SELECT id FROM (
       SELECT id, is_op, ROW_NUMBER() OVER (PARTITION BY thread_id, is_op ORDER BY id DESC) AS rn
       FROM posts WHERE thread_id IN (${threadIds.map(Number).join(',')})
     ) ranked WHERE is_op = true OR rn <= ${LATEST_REPLIES}`)
  // A live board lists at most 100 non-sticky threads, so these id lists stay in the hundreds. They are sorted
  // here rather than in SQL: Prisma splits a long IN list only for an unordered query.
  const postIds = rows.map((r) => Number(r.id))
  const [posts, surveys, marks] = await Promise.all([
    db.post.findMany({ where: { id: { in: postIds } } }),
    surveysOf(db, { postId: { in: postIds } }),
    banMarksFor(db, postIds),
  ])
  posts.sort((a, b) => a.id - b.id)

  const byThread = new Map<number, { op?: PublicPost; replies: PublicPost[] }>()
  for (const p of posts) {
    const entry = byThread.get(p.threadId) ?? { replies: [] }
    const pub = toPublicPost({ ...p, survey: surveys.get(p.id) ?? null }, marks.get(p.id))
    if (p.isOp) entry.op = pub
    else entry.replies.push(pub)
    byThread.set(p.threadId, entry)
  }
  return threads.flatMap((t) => {
    const entry = byThread.get(t.id)
    if (!entry?.op) return [] // a thread mid-deletion has no opening post; skip it
    const op = entry.op
    return [{
      ...toPublicThread(t), content: op.content, image_url: op.image_url, file_type: op.file_type, color: op.color,
      op, latestReplies: entry.replies, totalReplies: t.postCount - 1,
    }]
  })
}

export async function getThreadOrThrow(boardId: string, threadId: number): Promise<PublicThread> {
  const db = await getDb()
  const thread = await db.thread.findUnique({ where: { id: threadId } })
  if (!thread || thread.boardId !== boardId) throw new NotFoundError('Thread not found')
  return toPublicThread(thread)
}

/**
 * A thread's posts in id order (optionally only those after a post id), live or dead. Posts, their polls and
 * their ban marks are each read by thread, never by a list of post ids, so a thread of any length is one
 * statement each.
 */
export async function listThreadPosts(boardId: string, threadId: number, opts: { after?: number; includeSurveys?: boolean } = {}) {
  const db = await getDb()
  const thread = await getThreadOrThrow(boardId, threadId)
  const after = opts.after ?? 0
  const includeSurveys = opts.includeSurveys ?? true
  const [posts, surveys, marks] = await Promise.all([
    db.post.findMany({ where: { threadId, id: { gt: after } }, orderBy: { id: 'asc' } }),
    includeSurveys ? surveysOf(db, { threadId, postId: { gt: after } }) : new Map<number, never>(),
    banMarksInThread(db, threadId, after),
  ])
  return { thread, posts: posts.map((p) => toPublicPost({ ...p, survey: surveys.get(p.id) ?? null }, marks.get(p.id), includeSurveys)) }
}

/** Polls with their response counts, by post id. */
async function surveysOf(db: Db, where: Prisma.SurveyWhereInput) {
  const surveys = await db.survey.findMany({ where, include: SURVEY_SUMMARY_INCLUDE })
  return new Map(surveys.map((s) => [s.postId, s]))
}
