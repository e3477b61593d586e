// What the board and thread pages need, as one call each: the domain reads plus the outcomes a page shows
// instead of content (unknown board or thread, ban screen). Pages stay declarative; the API uses the same reads.
// The page passes the visitor's address (lib/http/request-ip); a ban is waived for a valid staff session.
import { cache } from 'react'
import { isStaffCaller } from '../auth/staff-caller'
import { assertNotBannedUnless } from '../bans/check'
import type { BanBody } from '../bans/types'
import { getBoardOrThrow } from '../boards/queries'
import { BannedError, NotFoundError } from '../errors'
import { countryName } from '../geo/country-names'
import { boardIdParam, idParam } from '../http/params'
import { referencedPostIds } from '../markup/parse'
import { noteCrossThreadLinks } from '../posts/cross-thread-links'
import { postAddress, postLocations } from '../posts/locate'
import { withheldSpoiler } from '../posts/spoiler'
import { yieldToLoop } from '../render/yield-to-loop'
import { resultsInThread, summaryOf } from '../surveys/queries'
import { DEFAULT_CATALOG_SORT, isCatalogSort, listCatalog } from '../threads/catalog'
import { listArchivedThreads, listBoardPage, listThreadPosts } from '../threads/queries'

/** What a visitor page shows instead of its content: the 404 page, or the ban screen. */
export type Unavailable = { kind: 'not-found'; what: string } | { kind: 'banned'; body: BanBody }

async function outcome<T>(load: () => Promise<T>): Promise<T | Unavailable> {
  try {
    const loaded = await load()
    // The reads are done; the page's rendering starts after whatever requests came in meanwhile.
    await yieldToLoop()
    return loaded
  } catch (err) {
    if (err instanceof NotFoundError) return { kind: 'not-found', what: err.message }
    if (err instanceof BannedError) return { kind: 'banned', body: err.body as unknown as BanBody }
    throw err
  }
}

/** `?page=` of a board index: absent is page 1; anything but 1–9999 written plainly names no page. */
function pageParam(raw: string | undefined): number {
  if (raw === undefined) return 1
  if (!/^[1-9][0-9]{0,3}$/.test(raw)) throw new NotFoundError('Page not found')
  return Number(raw)
}

// cache(): generateMetadata and the page share one load per request.
export const loadBoardPage = cache(async (ip: string, rawBoardId: string, rawPage?: string) => {
  return outcome(async () => {
    const board = await getBoardOrThrow(boardIdParam(rawBoardId))
    await assertNotBannedUnless(board.id, ip, isStaffCaller)
    const listing = await listBoardPage(board.id, pageParam(rawPage), board.threads_per_page)
    if (!listing) throw new NotFoundError('Page not found')
    const threads = listing.threads.map((t) => ({
      ...t,
      op: withheldSpoiler(t.op),
      latestReplies: t.latestReplies.map(withheldSpoiler),
    }))
    return { kind: 'ok' as const, board, ...listing, threads }
  })
})

/** The board's dead threads that are still readable, for /board/{id}/archive. */
export const loadArchivePage = cache(async (ip: string, rawBoardId: string) => {
  return outcome(async () => {
    const board = await getBoardOrThrow(boardIdParam(rawBoardId))
    await assertNotBannedUnless(board.id, ip, isStaffCaller)
    // The moment the page is written, for its "deleted in 5 hours" texts.
    return { kind: 'ok' as const, board, threads: await listArchivedThreads(board.id), now: Date.now() }
  })
})

/** The board's live threads as catalog tiles; `?sort=` absent is board order, an unknown order names no page. */
export const loadCatalogPage = cache(async (ip: string, rawBoardId: string, rawSort?: string) => {
  return outcome(async () => {
    const board = await getBoardOrThrow(boardIdParam(rawBoardId))
    await assertNotBannedUnless(board.id, ip, isStaffCaller)
    const sort = rawSort ?? DEFAULT_CATALOG_SORT
    if (!isCatalogSort(sort)) throw new NotFoundError('Page not found')
    return { kind: 'ok' as const, board, sort, tiles: await listCatalog(board.id, sort) }
  })
})

/** The board alone, for pages that post to it (ban-checked like the board itself). */
export const loadBoardForPosting = cache(async (ip: string, rawBoardId: string) => {
  return outcome(async () => {
    const board = await getBoardOrThrow(boardIdParam(rawBoardId))
    await assertNotBannedUnless(board.id, ip, isStaffCaller)
    return { kind: 'ok' as const, board }
  })
})

export const loadThreadPage = cache(async (ip: string, rawBoardId: string, rawThreadId: string) => {
  return outcome(async () => {
    const board = await getBoardOrThrow(boardIdParam(rawBoardId))
    await assertNotBannedUnless(board.id, ip, isStaffCaller)
    const threadId = idParam('Thread not found')(rawThreadId)
    // Poll results hold each poll's summary too: one read of the thread's polls serves both.
    const [{ thread, posts: read }, results] = await Promise.all([
      listThreadPosts(board.id, threadId, { includeSurveys: false }),
      resultsInThread(threadId),
    ])
    await yieldToLoop() // 300 posts read; what follows works through them all
    const summaries = new Map([...results.values()].map((r) => [r.post_id, summaryOf(r)]))
    // The posts were made for this page (listThreadPosts), so each gets its poll in place: a spread copy of 300
    // posts costs milliseconds (lib/posts/to-public.ts says why).
    const posts = read.map((p) => {
      const post = withheldSpoiler(p)
      post.survey = summaries.get(p.id) ?? null
      return post
    })
    const inThread = new Set(posts.map((p) => p.id))
    const foreign = [...new Set(posts.flatMap((p) => referencedPostIds(p.content)))].filter((id) => !inThread.has(id))
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
  })
})
