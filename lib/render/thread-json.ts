// The read API's thread list and thread posts as JSON text, put together from each post's kept JSON
// (post-json.ts) rather than built as objects and serialised whole. The text is byte for byte what
// JSON.stringify gives for the objects lib/threads/queries.ts builds for the pages (tests/integration/api-json.test.ts).
import { findBytes, keepBytes } from './fragment-cache'
import { type PostJson, publicPostsJson } from './post-json'
import { threadChangeMark } from './thread-changes'
import { getDb } from '../db/client'
import type { Thread } from '../db/generated/sqlite/client.ts'
import { keptPart } from '../http/known-body'
import { banMarksFor, banMarksInThread } from '../posts/ban-marks'
import { postVersionsByIds, postVersionsOfThread } from '../posts/public-rows'
import { surveySummariesInThread, surveySummariesOfPosts } from '../surveys/queries'
import { getThreadOrThrow, liveThreads, openingAndLatestPostIds } from '../threads/queries'
import { toPublicThread } from '../threads/types'

/**
 * GET …/threads: the board's live threads in board order, each with its opening post and latest replies, as the
 * bytes of a JSON array, with `around`'s bytes before and after it. Each thread's entry is kept (with the post
 * fragments, fragment-cache.ts) under its row and its change mark (thread-changes.ts): after a reply the list costs
 * the board's thread rows, that one thread's reads and copying the others' bytes, not the reads of a hundred
 * threads' six posts, their ban marks and polls. Kept as bytes, the entries are neither joined as text nor encoded
 * again for each answer, nor copied into one buffer: the answer is the list of them, written as it is. An entry found
 * kept is marked so (keptPart), and its compressed form is then kept with it (lib/http/gzip-parts.ts).
 */
export async function boardThreadsJson(boardId: string, around = NOTHING_AROUND): Promise<Buffer[]> {
  const threads = await liveThreads(boardId)
  const entries = threads.map((thread) => {
    // The mark first: a change arriving during the reads below leaves what they make under a mark nobody asks for.
    const version = `${threadChangeMark(thread.id)}|${rowVersion(thread)}`
    const kept = findBytes(`api-thread:${thread.id}`, version)
    return { thread, version, bytes: kept && keptPart(kept) }
  })
  const missing = entries.filter((e) => e.bytes === undefined)
  if (missing.length) {
    const made = await threadEntriesJson(missing.map((e) => e.thread))
    for (const e of missing) {
      const json = made.get(e.thread.id)
      if (json !== undefined) e.bytes = keepBytes(`api-thread:${e.thread.id}`, e.version, Buffer.from(json))
    }
  }
  // A thread mid-deletion has no opening post: it is left out, and not kept.
  const parts: Buffer[] = [around.before, OPEN_ARRAY]
  for (const { bytes } of entries) {
    if (!bytes) continue
    if (parts.length > 2) parts.push(COMMA)
    parts.push(bytes)
  }
  parts.push(CLOSE_ARRAY, around.after)
  return parts
}

const [OPEN_ARRAY, COMMA, CLOSE_ARRAY] = ['[', ',', ']'].map((c) => Buffer.from(c))
const NOTHING_AROUND = { before: Buffer.alloc(0), after: Buffer.alloc(0) }

/** Every field of a thread's row that its public form shows (toPublicThread), without building it. */
const rowVersion = (t: Thread) =>
  `${t.postCount}|${t.updatedAt.getTime()}|${t.isSticky}|${t.isDead}|${t.diedAt?.getTime()}|${t.createdAt.getTime()}|${t.boardId}|${t.topic}`

/** The list entries of these threads (by thread id), each `{…thread, …op head, "op":…, "latestReplies":[…], …}`. */
async function threadEntriesJson(threads: Thread[]): Promise<Map<number, string>> {
  const db = await getDb()
  const threadIds = threads.map((t) => t.id)
  const postIds = await openingAndLatestPostIds(threadIds)
  // The thread ids steer the poll reads to an index, as for the board page (queries.ts).
  const [versions, surveys, marks] = await Promise.all([
    postVersionsByIds(postIds),
    surveySummariesOfPosts(db, threadIds, postIds),
    banMarksFor(postIds),
  ])
  const json = await publicPostsJson(versions, marks, surveys)

  versions.sort((a, b) => a.id - b.id)
  const byThread = new Map<number, { op?: PostJson; replies: string[] }>()
  for (const v of versions) {
    const post = json.get(v.id)
    if (!post) continue // deleted meanwhile
    const entry = byThread.get(v.threadId) ?? { replies: [] }
    if (v.isOp) entry.op = post
    else entry.replies.push(post.post)
    byThread.set(v.threadId, entry)
  }
  const made = new Map<number, string>()
  for (const thread of threads) {
    const entry = byThread.get(thread.id)
    if (!entry?.op) continue
    // The fields of ThreadSummary in its order: the thread's, then its opening post's head, the post, the replies.
    const row = JSON.stringify(toPublicThread(thread)).slice(0, -1)
    const replies = entry.replies.join(',')
    made.set(
      thread.id,
      `${row},${entry.op.head},"op":${entry.op.post},"latestReplies":[${replies}],"totalReplies":${thread.postCount - 1}}`,
    )
  }
  return made
}

/** GET …/posts: `{"posts":[…],"thread":{…}}`, the thread's posts in id order after a post id (0: all of them). */
export async function threadPostsJson(
  boardId: string,
  threadId: number,
  opts: { after?: number; includeSurveys?: boolean } = {},
): Promise<string> {
  const thread = await getThreadOrThrow(boardId, threadId)
  const after = opts.after ?? 0
  const [versions, surveys, marks] = await Promise.all([
    postVersionsOfThread(threadId, after),
    (opts.includeSurveys ?? true) ? surveySummariesInThread(threadId, after) : undefined,
    banMarksInThread(threadId, after),
  ])
  const json = await publicPostsJson(versions, marks, surveys)
  const posts = versions.flatMap((v) => json.get(v.id)?.post ?? [])
  return `{"posts":[${posts.join(',')}],"thread":${JSON.stringify(thread)}}`
}
