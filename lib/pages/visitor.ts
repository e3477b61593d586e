// What the board and thread pages need, as one call each: the domain reads plus the outcomes a page shows
// instead of content (unknown board or thread, ban screen). Pages stay declarative; the API uses the same reads.
// The page passes the visitor's address (lib/http/request-ip); a ban is waived for a valid staff session.
import { cache } from 'react'
import { isStaffCaller } from '../auth/staff-caller'
import { assertNotBannedUnless } from '../bans/check'
import type { BanBody } from '../bans/types'
import { getBoardOrThrow } from '../boards/queries'
import { BannedError, NotFoundError } from '../errors'
import { boardPageParam, readBoardPage } from './board-page-data'
import { readThreadPage } from './thread-page-data'
import { boardIdParam, idParam } from '../http/params'
import { yieldToLoop } from '../render/yield-to-loop'
import { DEFAULT_CATALOG_SORT, isCatalogSort, listCatalog } from '../threads/catalog'
import { listArchivedThreads } from '../threads/queries'

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

// cache(): generateMetadata and the page share one load per request.
export const loadBoardPage = cache(async (ip: string, rawBoardId: string, rawPage?: string) => {
  return outcome(async () => {
    const board = await getBoardOrThrow(boardIdParam(rawBoardId))
    await assertNotBannedUnless(board.id, ip, isStaffCaller)
    return readBoardPage(board, boardPageParam(rawPage))
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
    return readThreadPage(board, idParam('Thread not found')(rawThreadId))
  })
})
