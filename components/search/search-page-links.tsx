import Link from 'next/link'
import { SEARCH_PAGE_SIZE } from '@/lib/limits'

/** Previous / Next under the results, as plain links that keep the search and board. */
export function SearchPageLinks({ q, board, page, total }: { q: string; board?: string; page: number; total: number }) {
  const pageCount = Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE))
  if (pageCount <= 1) return null
  const href = (n: number) => `/search?${new URLSearchParams({ q, ...(board ? { board } : {}), page: String(n) })}`
  const link = 'rounded px-2 py-0.5 text-board-link hover:bg-slate-100 hover:underline'
  return (
    <nav aria-label="Result pages" className="flex flex-wrap items-center gap-2 text-sm">
      {page > 1 && (
        <Link href={href(page - 1)} className={link} rel="prev">
          Previous
        </Link>
      )}
      <span className="text-slate-600">
        Page {page} of {pageCount}
      </span>
      {page < pageCount && (
        <Link href={href(page + 1)} className={link} rel="next">
          Next
        </Link>
      )}
    </nav>
  )
}
