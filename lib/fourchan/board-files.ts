// A board's live threads laid out as 4chan's board files, in board order (sticky first, then last bump) cut into
// pages of the board's threads-per-page: catalog.json, threads.json and the index pages {page}.json (1-based).
import type { BoardThread } from './read'
import type { CatalogPage, FourchanPost, ThreadListPage } from './types'

function pages<T>(items: T[], perPage: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += perPage) out.push(items.slice(i, i + perPage))
  // A board without threads has one empty page, as its index does.
  return out.length ? out : [[]]
}

export function catalogOf(threads: BoardThread[], perPage: number): CatalogPage[] {
  return pages(threads, perPage).map((page, i) => ({
    page: i + 1,
    threads: page.map((t) => ({ ...t.op, last_replies: t.lastReplies })),
  }))
}

export function threadListOf(threads: BoardThread[], perPage: number): ThreadListPage[] {
  return pages(threads, perPage).map((page, i) => ({
    page: i + 1,
    threads: page.map((t) => ({ no: t.op.no, last_modified: t.op.last_modified ?? 0, replies: t.op.replies ?? 0 })),
  }))
}

/** One index page: each thread as its opening post followed by its newest replies; null past the last page. */
export function indexPageOf(
  threads: BoardThread[],
  perPage: number,
  page: number,
): { threads: { posts: FourchanPost[] }[] } | null {
  const all = pages(threads, perPage)
  if (page < 1 || page > all.length) return null
  return { threads: all[page - 1].map((t) => ({ posts: [t.op, ...t.lastReplies] })) }
}
