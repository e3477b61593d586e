import Link from 'next/link'
import type { PublicBoard } from '@/lib/boards/types'

/** '/{id}/ - {name}' with the NSFW badge and description, the catalog and archive links and the New Thread button. */
export function BoardHeader({ board, heading = false }: { board: PublicBoard; heading?: boolean }) {
  const Title = heading ? 'h1' : 'p'
  return (
    <header className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 pb-3">
      <div>
        <Title className="text-2xl font-bold">
          <Link href={`/board/${board.id}`} className="hover:underline">
            /{board.id}/ - {board.name}
          </Link>
          {board.nsfw && (
            <span className="ml-2 rounded bg-red-600 px-2 py-0.5 align-middle text-xs font-semibold text-white">
              NSFW
            </span>
          )}
        </Title>
        <p className="text-sm text-slate-600">{board.description}</p>
      </div>
      <nav className="flex flex-wrap gap-2">
        <Link href="/" className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50">
          Boards
        </Link>
        <Link
          href={`/board/${board.id}/catalog`}
          className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50"
        >
          Catalog
        </Link>
        <Link
          href={`/board/${board.id}/archive`}
          className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50"
        >
          Archive
        </Link>
        <Link
          href={`/board/${board.id}/create-thread`}
          className="rounded-md bg-blue-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-700"
        >
          New Thread
        </Link>
      </nav>
    </header>
  )
}
