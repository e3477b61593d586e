// What a board index page shows, read for a board already looked up: one page of its live threads, each with its
// opening post and latest replies, and the number of pages. Free of Next's request APIs, so the page cache can
// read it too when it puts a page together outside Next (lib/page-cache/splice.ts); lib/pages/visitor.ts
// adds the visitor's ban check and the outcomes a page shows instead of content.
import type { PublicBoard } from '../boards/types'
import { NotFoundError } from '../errors'
import { withheldSpoiler } from '../posts/spoiler'
import { listBoardPage } from '../threads/queries'

export type BoardPageData = Awaited<ReturnType<typeof readBoardPage>>

/** `?page=` of a board index: absent is page 1; anything but 1–9999 written plainly names no page. */
export function boardPageParam(raw: string | undefined): number {
  if (raw === undefined) return 1
  if (!/^[1-9][0-9]{0,3}$/.test(raw)) throw new NotFoundError('Page not found')
  return Number(raw)
}

/** Throws NotFoundError when the board has no such page. */
export async function readBoardPage(board: PublicBoard, page: number) {
  const listing = await listBoardPage(board.id, page, board.threads_per_page)
  if (!listing) throw new NotFoundError('Page not found')
  const threads = listing.threads.map((t) => ({
    ...t,
    op: withheldSpoiler(t.op),
    latestReplies: t.latestReplies.map(withheldSpoiler),
  }))
  return { kind: 'ok' as const, board, ...listing, threads }
}
