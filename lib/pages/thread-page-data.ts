// What a thread page shows, read for a board already looked up: the posts with their polls, poll results, the
// addresses of posts quoted in other threads and the names of the posters' countries. Free of Next's request APIs,
// so the page cache can read it too when it puts a page together outside Next (lib/page-cache/splice.ts);
// lib/pages/visitor.ts adds the visitor's ban check and the outcomes a page shows instead of content.
import type { PublicBoard } from '../boards/types'
import { countryName } from '../geo/country-names'
import { postReferences } from '../markup/parse'
import { noteCrossThreadLinks } from '../posts/cross-thread-links'
import { postAddress, postLocations } from '../posts/locate'
import { withheldSpoiler } from '../posts/spoiler'
import type { PublicPost } from '../posts/types'
import { yieldToLoop } from '../render/yield-to-loop'
import { resultsInThread, summaryOf } from '../surveys/queries'
import { listThreadPosts, listThreadPostsReusing } from '../threads/queries'

export type ThreadPageData = Awaited<ReturnType<typeof readThreadPage>>

/**
 * Throws NotFoundError when the thread is not on the board. `known`: the posts of this page's previous version,
 * when the page cache puts the next one together (lib/page-cache/splice.ts); only the posts not among them are read.
 */
export async function readThreadPage(board: PublicBoard, threadId: number, known?: readonly PublicPost[]) {
  // Poll results hold each poll's summary too: one read of the thread's polls serves both.
  const [{ thread, posts: read }, results] = await Promise.all([
    known
      ? listThreadPostsReusing(board.id, threadId, known)
      : listThreadPosts(board.id, threadId, { includeSurveys: false }),
    resultsInThread(threadId),
  ])
  await yieldToLoop() // 300 posts read; what follows works through them all
  const summaries = new Map([...results.values()].map((r) => [r.post_id, summaryOf(r)]))
  // The posts were made for this page (listThreadPosts) or carried from its previous version, which is done with
  // them, so each gets its poll in place: a spread copy of 300 posts costs milliseconds (lib/posts/to-public.ts).
  const posts = read.map((p) => {
    const post = withheldSpoiler(p)
    post.survey = summaries.get(p.id) ?? null
    return post
  })
  const inThread = new Set(posts.map((p) => p.id))
  const foreign = [...new Set(posts.flatMap((p) => postReferences(p)))].filter((id) => !inThread.has(id))
  const codes = [...new Set(posts.map((p) => p.country_code).filter((c): c is string => Boolean(c)))]
  // Noted before the posts are looked up, so a deletion from now on finds this page among those to drop.
  noteCrossThreadLinks(threadId, { postIds: foreign })
  const located = await postLocations(foreign)
  noteCrossThreadLinks(threadId, { threadIds: located.map((r) => r.threadId) })
  const crossRefs = Object.fromEntries(located.map((r) => [r.id, postAddress(r)]))
  return {
    kind: 'ok' as const,
    board,
    thread,
    posts,
    crossRefs,
    surveyResults: Object.fromEntries([...results.values()].map((r) => [r.post_id, r])),
    countryNames: Object.fromEntries(codes.map((c) => [c, countryName(c)])),
  }
}
