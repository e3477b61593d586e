// Thread and post reads shared by the board page, the thread page and the API. Each read is a fixed number
// of queries whatever the size of the board or thread.
import { type PublicThread, type ThreadSummary, toPublicThread } from './types'
import { getDb, rawSql } from '../db/client'
import { inIds, sqlText } from '../db/driver-sql'
import type { Thread } from '../db/generated/sqlite/client.ts'
import { NotFoundError } from '../errors'
import { excerptOf } from '../markup/parse'
import { banMarksFor, banMarksInThread } from '../posts/ban-marks'
import { postIdsOfThread, publicPostsByIds, publicPostsOfThread } from '../posts/public-rows'
import { toPublicPost } from '../posts/to-public'
import type { PublicPost } from '../posts/types'
import { surveySummariesInThread, surveySummariesOfPosts } from '../surveys/queries'

/** The columns of a thread row, each named as its Prisma field (quoted: both databases keep the case). */
const THREAD_COLUMNS = sqlText(`id, board_id AS "boardId", topic, is_sticky AS "isSticky", is_dead AS "isDead",
  died_at AS "diedAt", created_at AS "createdAt", updated_at AS "updatedAt", post_count AS "postCount"`)

/**
 * A board's live threads in board order (sticky first, then last bump, then id). One statement on the driver:
 * through the ORM's query builder the same 100 rows cost ≈ 2.3 ms against ≈ 0.7 ms as a plain statement through
 * the client, on every board page, catalog and thread list.
 */
export async function liveThreads(boardId: string): Promise<Thread[]> {
  const sql = await rawSql()
  return sql.$queryRaw<Thread[]>`
    SELECT ${THREAD_COLUMNS} FROM threads WHERE board_id = ${boardId} AND is_dead = false
    ORDER BY is_sticky DESC, updated_at DESC, id DESC`
}

export interface BoardPage {
  threads: ThreadSummary[]
  page: number
  pageCount: number
}

/**
 * One page of the board index (1-based, `perPage` threads each, in board order); null past the last page. A
 * board with no threads has one empty page. Only the page's threads have their posts read.
 */
export async function listBoardPage(boardId: string, page: number, perPage: number): Promise<BoardPage | null> {
  // At most 100 live threads and a few stickies: their rows are cheap, and give the page count too.
  const all = await liveThreads(boardId)
  const pageCount = Math.max(1, Math.ceil(all.length / perPage))
  if (page < 1 || page > pageCount) return null
  const threads = all.slice((page - 1) * perPage, page * perPage)
  if (!threads.length) return { threads: [], page, pageCount }
  return {
    threads: await summarise(threads, await openingAndLatestPostIds(threads.map((t) => t.id))),
    page,
    pageCount,
  }
}

/** Threads with their opening post and latest replies, in the order given. */
async function summarise(threads: Thread[], postIds: number[]): Promise<ThreadSummary[]> {
  if (!threads.length) return []
  const db = await getDb()
  const threadIds = threads.map((t) => t.id)
  // Lists of a few hundred ids (100 live threads and some sticky ones, 6 posts each), sorted here rather than in
  // SQL: Prisma splits a long IN list only for an unordered query. The thread ids steer the poll reads to
  // an index (the planner would rather scan every poll than probe hundreds of post ids).
  const [posts, surveys, marks] = await Promise.all([
    publicPostsByIds(postIds),
    surveySummariesOfPosts(db, threadIds, postIds),
    banMarksFor(postIds),
  ])
  posts.sort((a, b) => a.id - b.id)

  const byThread = new Map<number, { op?: PublicPost; replies: PublicPost[] }>()
  for (const p of posts) {
    const entry = byThread.get(p.threadId) ?? { replies: [] }
    const pub = toPublicPost(p, marks.get(p.id), surveys.get(p.id) ?? null)
    if (p.isOp) entry.op = pub
    else entry.replies.push(pub)
    byThread.set(p.threadId, entry)
  }
  return threads.flatMap((t) => {
    const entry = byThread.get(t.id)
    if (!entry?.op) return [] // a thread mid-deletion has no opening post; skip it
    const op = entry.op
    return [
      {
        ...toPublicThread(t),
        content: op.content,
        image_url: op.image_url,
        file_type: op.file_type,
        color: op.color,
        op,
        latestReplies: entry.replies,
        totalReplies: t.postCount - 1,
      },
    ]
  })
}

/**
 * Ids of the opening post and the newest replies of the given threads, in one statement that reads a few index
 * entries per thread, never a thread's whole length: one row per thread, each id a correlated subquery on the
 * (thread_id, id) index (the opening post is a thread's first post). Subqueries in the select list are evaluated
 * per thread by SQLite and PostgreSQL alike; a join bounded by them may be planned as a scan of every post of the
 * board. On the driver, the thread ids bound as one list (lib/db/driver-sql.ts).
 */
export async function openingAndLatestPostIds(threadIds: number[]): Promise<number[]> {
  if (!threadIds.length) return []
  const sql = await rawSql()
  // One subquery per latest reply (LATEST_REPLIES, 5).
  const rows = await sql.$queryRaw<Record<string, number | bigint | null>[]>`
    SELECT
      (SELECT MIN(id) FROM posts WHERE thread_id = t.id) AS op,
      (SELECT id FROM posts WHERE thread_id = t.id AND is_op = false ORDER BY id DESC LIMIT 1 OFFSET 0) AS reply1,
      (SELECT id FROM posts WHERE thread_id = t.id AND is_op = false ORDER BY id DESC LIMIT 1 OFFSET 1) AS reply2,
      (SELECT id FROM posts WHERE thread_id = t.id AND is_op = false ORDER BY id DESC LIMIT 1 OFFSET 2) AS reply3,
      (SELECT id FROM posts WHERE thread_id = t.id AND is_op = false ORDER BY id DESC LIMIT 1 OFFSET 3) AS reply4,
      (SELECT id FROM posts WHERE thread_id = t.id AND is_op = false ORDER BY id DESC LIMIT 1 OFFSET 4) AS reply5
    FROM threads t WHERE t.id ${inIds(threadIds)}`
  return rows.flatMap((r) => Object.values(r).flatMap((id) => (id === null ? [] : [Number(id)])))
}

export interface ArchivedThread extends PublicThread {
  excerpt: string
}

/** Dead threads still readable (until housekeeping deletes them), the most recently died first, with an excerpt. */
export async function listArchivedThreads(boardId: string): Promise<ArchivedThread[]> {
  const db = await getDb()
  const threads = await db.thread.findMany({
    where: { boardId, isDead: true },
    orderBy: [{ diedAt: 'desc' }, { id: 'desc' }],
  })
  if (!threads.length) return []
  const ops = await db.post.findMany({
    where: { threadId: { in: threads.map((t) => t.id) }, isOp: true },
    select: { threadId: true, content: true },
  })
  const text = new Map(ops.map((p) => [p.threadId, p.content]))
  return threads.map((t) => ({ ...toPublicThread(t), excerpt: excerptOf(text.get(t.id) ?? '') }))
}

export async function getThreadOrThrow(boardId: string, threadId: number): Promise<PublicThread> {
  if (!Number.isSafeInteger(threadId)) throw new NotFoundError('Thread not found')
  const sql = await rawSql()
  // On the driver, as liveThreads: every thread page and thread API read starts here.
  const [thread] = await sql.$queryRaw<Thread[]>`
    SELECT ${THREAD_COLUMNS} FROM threads WHERE id = ${threadId}`
  if (!thread || thread.boardId !== boardId) throw new NotFoundError('Thread not found')
  return toPublicThread(thread)
}

/**
 * A thread's posts in id order (optionally only those after a post id), live or dead. Posts, their polls and
 * their ban marks are each read by thread, never by a list of post ids, so a thread of any length is one
 * statement each.
 */
export async function listThreadPosts(
  boardId: string,
  threadId: number,
  opts: { after?: number; includeSurveys?: boolean } = {},
) {
  const thread = await getThreadOrThrow(boardId, threadId)
  const after = opts.after ?? 0
  const includeSurveys = opts.includeSurveys ?? true
  const [posts, surveys, marks] = await Promise.all([
    publicPostsOfThread(threadId, after),
    includeSurveys ? surveySummariesInThread(threadId, after) : undefined,
    banMarksInThread(threadId, after),
  ])
  return {
    thread,
    posts: posts.map((p) => toPublicPost(p, marks.get(p.id), surveys ? (surveys.get(p.id) ?? null) : undefined)),
  }
}

/**
 * A thread's posts as listThreadPosts reads them without polls, reusing `known`: the posts of an earlier read of
 * this thread, as a thread page carries them to its next version (lib/pages/thread-page-slots.ts), which come back
 * as they were carried (readThreadPage withholds spoilers and sets polls again on every read). After a post is
 * written only its colour, its ban mark and its existence change, and each of those drops every page that shows
 * it, its carried posts with it; so only the posts not known are read whole. Which posts the thread holds comes
 * from a read of its ids, not from the newest known id: PostgreSQL hands ids out before commit, so a reply may
 * commit after a later one with a lower id.
 */
export async function listThreadPostsReusing(boardId: string, threadId: number, known: readonly PublicPost[]) {
  const [thread, ids] = await Promise.all([getThreadOrThrow(boardId, threadId), postIdsOfThread(threadId)])
  const byId = new Map(known.map((p) => [p.id, p]))
  const missing = ids.filter((id) => !byId.has(id))
  if (missing.length) {
    const [rows, marks] = await Promise.all([
      publicPostsByIds(missing),
      banMarksInThread(threadId, Math.min(...missing) - 1),
    ])
    for (const row of rows) byId.set(row.id, toPublicPost(row, marks.get(row.id), undefined))
  }
  // A post deleted between the two reads is left out, as if the ids had been read after it went.
  return { thread, posts: ids.map((id) => byId.get(id)).filter((p): p is PublicPost => p !== undefined) }
}
