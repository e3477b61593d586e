import Link from 'next/link'
import type { PublicBoard } from '@/lib/boards/types'

/** One board on the home page: /id/, a name badge (red for NSFW, blue otherwise) and a one-line description. */
export function BoardEntry({ board }: { board: PublicBoard }) {
  return (
    <li>
      <Link
        href={`/board/${board.id}`}
        className="block rounded-md px-2 py-2 hover:bg-slate-50"
        data-testid="board-entry"
      >
        <span className="font-mono font-semibold text-board-link">/{board.id}/</span>{' '}
        <span
          className={`ml-1 rounded px-2 py-0.5 text-xs font-medium text-white ${board.nsfw ? 'bg-red-600' : 'bg-blue-600'}`}
        >
          {board.name}
        </span>
        <span className="block truncate text-sm text-slate-600">{board.description}</span>
      </Link>
    </li>
  )
}
