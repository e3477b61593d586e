import Link from 'next/link'
import { excerptPieces } from '@/lib/search/highlight'
import type { SearchResult } from '@/lib/search/types'
import { Timestamp } from '../ui/timestamp'

/** One result: where it is, when, and its excerpt with the matched words marked (text nodes only: React escapes). */
export function SearchResultItem({ result }: { result: SearchResult }) {
  return (
    <li
      className="space-y-1 rounded-lg border border-slate-200 bg-board-card p-3 shadow-sm"
      data-testid="search-result"
    >
      <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className="font-semibold text-slate-700">/{result.boardId}/</span>
        <Link href={result.url} className="font-semibold text-board-link hover:underline">
          {result.topic}
        </Link>
        {result.archived && (
          <span className="rounded bg-slate-500 px-1.5 py-0.5 text-xs font-semibold text-white">Archived</span>
        )}
        <span className="text-slate-500">
          No. {result.postId} · <Timestamp iso={result.createdAt} />
        </span>
      </div>
      <p className="break-words text-sm text-slate-800">
        {excerptPieces(result).map((piece, i) =>
          piece.marked ? (
            <mark key={i} className="rounded bg-yellow-200 px-0.5">
              {piece.text}
            </mark>
          ) : (
            <span key={i}>{piece.text}</span>
          ),
        )}
      </p>
    </li>
  )
}
