// The read API's thread list and thread posts as JSON text, put together from each post's kept JSON
// (post-json.ts) rather than built as objects and serialised whole. The text is byte for byte what
// JSON.stringify gives for the objects lib/threads/queries.ts builds for the pages (tests/integration/api-json.test.ts).
import { type PostJson, publicPostsJson } from './post-json'
import { getDb } from '../db/client'
import { banMarksFor, banMarksInThread } from '../posts/ban-marks'
import { postVersionsByIds, postVersionsOfThread } from '../posts/public-rows'
import { surveySummariesInThread, surveySummariesOfPosts } from '../surveys/queries'
import { getThreadOrThrow, liveThreads, openingAndLatestPostIds } from '../threads/queries'
import { toPublicThread } from '../threads/types'

/** GET …/threads: the board's live threads in board order, each with its opening post and latest replies. */
export async function boardThreadsJson(boardId: string): Promise<string> {
  const db = await getDb()
  const threads = await liveThreads(boardId)
  if (!threads.length) return '[]'
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
  const listed = threads.flatMap((t) => {
    const entry = byThread.get(t.id)
    if (!entry?.op) return [] // a thread mid-deletion has no opening post; skip it
    // The fields of ThreadSummary in its order: the thread's, then its opening post's head, the post, the replies.
    const thread = JSON.stringify(toPublicThread(t)).slice(0, -1)
    const replies = entry.replies.join(',')
    return [
      `${thread},${entry.op.head},"op":${entry.op.post},"latestReplies":[${replies}],"totalReplies":${t.postCount - 1}}`,
    ]
  })
  return `[${listed.join(',')}]`
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
