// The database reads behind the 4chan files: a board's live threads with their opening posts and newest replies,
// one whole thread by its number, the archive, and a post's file by its `tim`. Each is a fixed number of statements
// (plus one per quoted post's lookup batch and, once per file, a digest of an older upload).
import { extOfKey } from './attachment'
import type { QuoteTarget } from './comment'
import { lastModifiedOf, threadChangedAt } from './last-modified'
import { mediaDigests } from './media-digests'
import { toFourchanOp, toFourchanPost, type PostContext, withPreview } from './post'
import type { FourchanPost } from './types'
import { getBoardOrThrow } from '../boards/queries'
import type { PublicBoard } from '../boards/types'
import { type Db, getDb } from '../db/client'
import type { Post } from '../db/generated/sqlite/client.ts'
import { NotFoundError } from '../errors'
import { referencedPostIds } from '../markup/parse'
import { boardTags } from '../page-cache/fourchan-routes'
import { rememberThread } from '../page-cache/fourchan-thread-numbers'
import { threadTags } from '../page-cache/route-parts'
import { banMarksFor, banMarksInThread } from '../posts/ban-marks'
import { noteCrossThreadLinks } from '../posts/cross-thread-links'
import { liveThreads, openingAndLatestPostIds } from '../threads/queries'

/** A live thread as the board files show it: the opening post (with counts) and its newest replies, oldest first. */
export interface BoardThread {
  op: FourchanPost
  lastReplies: FourchanPost[]
}

export interface BoardFiles {
  board: PublicBoard
  threads: BoardThread[]
  lastModified: number
}

export async function readBoard(boardId: string): Promise<BoardFiles> {
  const board = await getBoardOrThrow(boardId)
  const db = await getDb()
  const threads = await liveThreads(boardId)
  const threadIds = threads.map((t) => t.id)
  const postIds = await openingAndLatestPostIds(threadIds)
  const [posts, images, marks] = await Promise.all([
    postIds.length ? db.post.findMany({ where: { id: { in: postIds } } }) : [],
    imageCounts(db, threadIds),
    banMarksFor(postIds),
  ])
  posts.sort((a, b) => a.id - b.id)
  const byThread = groupByThread(posts)
  const ctx = await contextFor(db, board, posts, byThread)
  const out: BoardThread[] = []
  for (const thread of threads) {
    const own = byThread.get(thread.id)
    if (!own?.op) continue // a thread mid-deletion has no opening post
    const postCtx = (p: Post) => ctx(thread.id, marks.has(p.id))
    const replies = own.replies.map((p) => toFourchanPost(p, postCtx(p)))
    const op = toFourchanOp(
      thread,
      own.op,
      { images: images.get(thread.id) ?? 0, lastPostAt: latest(own), changedAt: threadChangedAt(thread.id) },
      postCtx(own.op),
    )
    out.push({ op: withPreview(op, replies), lastReplies: replies })
  }
  return { board, threads: out, lastModified: lastModifiedOf(boardTags(boardId)) }
}

export interface ThreadFile {
  posts: FourchanPost[]
  lastModified: number
}

/** A whole thread, live or archived, by its number (its opening post's id) on its board. */
export async function readThread(boardId: string, no: number): Promise<ThreadFile> {
  const board = await getBoardOrThrow(boardId)
  const db = await getDb()
  const opening = await db.post.findUnique({ where: { id: no }, select: { threadId: true, boardId: true, isOp: true } })
  if (!opening || !opening.isOp || opening.boardId !== boardId) throw new NotFoundError('Thread not found')
  const threadId = opening.threadId
  const [thread, posts, marks, images] = await Promise.all([
    db.thread.findUnique({ where: { id: threadId } }),
    db.post.findMany({ where: { threadId }, orderBy: { id: 'asc' } }),
    banMarksInThread(threadId),
    imageCounts(db, [threadId]),
  ])
  const own = groupByThread(posts).get(threadId)
  if (!thread || !own?.op) throw new NotFoundError('Thread not found')
  rememberThread(no, { threadId, boardId })
  const ctx = await contextFor(db, board, posts, groupByThread(posts))
  const op = toFourchanOp(
    thread,
    own.op,
    { images: images.get(threadId) ?? 0, lastPostAt: latest(own), changedAt: threadChangedAt(threadId) },
    ctx(threadId, marks.has(own.op.id)),
  )
  op.unique_ips = new Set(posts.map((p) => p.ipAddress)).size
  return {
    posts: [op, ...own.replies.map((p) => toFourchanPost(p, ctx(threadId, marks.has(p.id))))],
    lastModified: lastModifiedOf(threadTags(boardId, threadId)),
  }
}

/** Numbers of the board's archived threads (dead, still readable until housekeeping deletes them), oldest first. */
export async function readArchive(boardId: string): Promise<{ numbers: number[]; lastModified: number }> {
  await getBoardOrThrow(boardId)
  const db = await getDb()
  const dead = await db.thread.findMany({ where: { boardId, isDead: true }, select: { id: true } })
  const ops = dead.length
    ? await db.post.findMany({ where: { threadId: { in: dead.map((t) => t.id) }, isOp: true }, select: { id: true } })
    : []
  return { numbers: ops.map((p) => p.id).sort((a, b) => a - b), lastModified: lastModifiedOf(boardTags(boardId)) }
}

/** Where a post's file (`{tim}{ext}`) or its thumbnail (`{tim}s.jpg`) is served; 404 for anything else. */
export async function mediaLocation(boardId: string, tim: number, file: 'media' | 'thumbnail', ext?: string) {
  await getBoardOrThrow(boardId)
  const db = await getDb()
  const post = await db.post.findUnique({
    where: { id: tim },
    select: { boardId: true, mediaKey: true, imageUrl: true, thumbnailUrl: true },
  })
  if (!post || post.boardId !== boardId || !post.mediaKey || !post.imageUrl) throw new NotFoundError('File not found')
  if (file === 'media') {
    if (extOfKey(post.mediaKey) !== ext) throw new NotFoundError('File not found')
    return post.imageUrl
  }
  if (!post.thumbnailUrl) throw new NotFoundError('File not found')
  return post.thumbnailUrl
}

interface ThreadPosts {
  op?: Post
  replies: Post[]
}

function groupByThread(posts: Post[]): Map<number, ThreadPosts> {
  const byThread = new Map<number, ThreadPosts>()
  for (const p of posts) {
    const entry = byThread.get(p.threadId) ?? { replies: [] }
    if (p.isOp) entry.op = p
    else entry.replies.push(p)
    byThread.set(p.threadId, entry)
  }
  return byThread
}

const latest = (own: ThreadPosts) => (own.replies.at(-1) ?? own.op!).createdAt

/** Replies carrying a file, per thread. */
async function imageCounts(db: Db, threadIds: number[]): Promise<Map<number, number>> {
  if (!threadIds.length) return new Map()
  const rows = await db.post.groupBy({
    by: ['threadId'],
    where: { threadId: { in: threadIds }, isOp: false, mediaKey: { not: null } },
    _count: { _all: true },
  })
  return new Map(rows.map((r) => [r.threadId, r._count._all]))
}

/**
 * What the posts of one file need to be written: where each quoted post lives (posts of the file are known, others
 * are looked up in one batch, with their threads' opening posts) and the digests of their files.
 */
async function contextFor(
  db: Db,
  board: PublicBoard,
  posts: Post[],
  byThread: Map<number, ThreadPosts>,
): Promise<(threadId: number, banned: boolean) => PostContext> {
  const located = new Map<number, { threadId: number; boardId: string }>(
    posts.map((p) => [p.id, { threadId: p.threadId, boardId: p.boardId }]),
  )
  const opNo = new Map<number, number>()
  for (const [threadId, own] of byThread) {
    if (!own.op) continue
    opNo.set(threadId, own.op.id)
    rememberThread(own.op.id, { threadId, boardId: own.op.boardId })
  }
  const refs = posts.map((p) => (p.content.includes('>>') ? referencedPostIds(p.content) : []))
  const quoted = [...new Set(refs.flat())]
  // A quote into another thread is written as a dead link once its post is deleted: the thread's file changes with
  // no event of its own, so the page cache learns which threads' files to drop on that deletion. Noted before the
  // quoted posts are looked up (as thread pages do), so a deletion from then on finds the file.
  const elsewhere = (p: Post, i: number) => refs[i].filter((id) => located.get(id)?.threadId !== p.threadId)
  posts.forEach((p, i) => noteCrossThreadLinks(p.threadId, { postIds: elsewhere(p, i) }))
  const unknown = quoted.filter((id) => !located.has(id))
  if (unknown.length) {
    const found = await db.post.findMany({
      where: { id: { in: unknown } },
      select: { id: true, threadId: true, boardId: true },
    })
    for (const p of found) located.set(p.id, { threadId: p.threadId, boardId: p.boardId })
  }
  posts.forEach((p, i) => {
    const threadIds = elsewhere(p, i).flatMap((id) => located.get(id)?.threadId ?? [])
    noteCrossThreadLinks(p.threadId, { threadIds })
  })
  const otherThreads = [...new Set([...located.values()].map((l) => l.threadId))].filter((t) => !opNo.has(t))
  if (otherThreads.length) {
    const ops = await db.post.findMany({
      where: { threadId: { in: otherThreads }, isOp: true },
      select: { id: true, threadId: true },
    })
    for (const op of ops) opNo.set(op.threadId, op.id)
  }
  const digests = await mediaDigests(db, posts)
  const quote = (postId: number): QuoteTarget | null => {
    const where = located.get(postId)
    const threadNo = where && opNo.get(where.threadId)
    return where && threadNo ? { threadNo, boardId: where.boardId } : null
  }
  return (threadId, banned) => ({
    board,
    threadNo: opNo.get(threadId) ?? 0,
    quote,
    md5: (key) => digests.get(key) ?? null,
    banned,
  })
}
