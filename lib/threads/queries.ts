// Thread and post reads shared by the board page, the thread page and the API. Each read is a fixed number
// of queries whatever the size of the board or thread.
import { getDb } from '../db/client'
import { NotFoundError } from '../errors'
import { banMarksFor } from '../posts/ban-marks'
import { POST_INCLUDE, toPublicPost } from '../posts/to-public'
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
  const posts = await db.post.findMany({ where: { id: { in: rows.map((r) => Number(r.id)) } }, include: POST_INCLUDE, orderBy: { id: 'asc' } })
  const marks = await banMarksFor(db, posts.map((p) => p.id))

  const byThread = new Map<number, { op?: PublicPost; replies: PublicPost[] }>()
  for (const p of posts) {
    const entry = byThread.get(p.threadId) ?? { replies: [] }
    const pub = toPublicPost(p, marks.get(p.id))
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

/** A thread's posts in id order (optionally only those after a post id), live or dead. */
export async function listThreadPosts(boardId: string, threadId: number, opts: { after?: number; includeSurveys?: boolean } = {}) {
  const db = await getDb()
  const thread = await getThreadOrThrow(boardId, threadId)
  const posts = await db.post.findMany({
    where: { threadId, ...(opts.after ? { id: { gt: opts.after } } : {}) },
    include: POST_INCLUDE,
    orderBy: { id: 'asc' },
  })
  const marks = await banMarksFor(db, posts.map((p) => p.id))
  return { thread, posts: posts.map((p) => toPublicPost(p, marks.get(p.id), opts.includeSurveys ?? true)) }
}
