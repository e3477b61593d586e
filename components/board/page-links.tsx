import Link from 'next/link'

/**
 * "Pages: 1 2 3 …" under and over a board index, as plain links (they work without JavaScript); the current page
 * is marked and not a link. Page 1 is the board's own address.
 */
export function PageLinks({
  boardId,
  page,
  pageCount,
  label,
}: {
  boardId: string
  page: number
  pageCount: number
  label: string
}) {
  if (pageCount <= 1) return null
  const href = (n: number) => (n === 1 ? `/board/${boardId}` : `/board/${boardId}?page=${n}`)
  const link = 'rounded px-2 py-0.5 text-board-link hover:bg-slate-100 hover:underline'
  return (
    <nav aria-label={label} className="flex flex-wrap items-center gap-1 text-sm">
      {page > 1 && (
        <Link href={href(page - 1)} className={link} rel="prev">
          Previous
        </Link>
      )}
      <span className="text-slate-600">Pages:</span>
      {Array.from({ length: pageCount }, (_, i) => i + 1).map((n) =>
        n === page ? (
          <span key={n} aria-current="page" className="rounded bg-slate-200 px-2 py-0.5 font-semibold">
            {n}
          </span>
        ) : (
          <Link key={n} href={href(n)} className={link}>
            {n}
          </Link>
        ),
      )}
      {page < pageCount && (
        <Link href={href(page + 1)} className={link} rel="next">
          Next
        </Link>
      )}
    </nav>
  )
}
