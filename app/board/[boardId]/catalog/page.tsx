import type { Metadata } from 'next'
import Link from 'next/link'
import { unavailablePage, unavailableMetadata } from '@/components/bans/unavailable-page'
import { BoardHeader } from '@/components/board/board-header'
import { CatalogView } from '@/components/board/catalog-view'
import { boardFeedPath } from '@/lib/feeds/paths'
import type { PageParams } from '@/lib/http/params'
import { requestIp } from '@/lib/http/request-ip'
import { loadCatalogPage } from '@/lib/pages/visitor'
import { catalogTilesSlot } from '@/lib/render/catalog-tiles-slot'
import { CATALOG_SORTS, type CatalogSort, DEFAULT_CATALOG_SORT } from '@/lib/threads/catalog'

export const dynamic = 'force-dynamic'

type Props = PageParams<'boardId'> & { searchParams: Promise<{ sort?: string | string[] }> }

const SORT_LABELS: Record<CatalogSort, string> = {
  bump: 'Bump order',
  created: 'Creation date',
  replies: 'Reply count',
  activity: 'Last reply',
}

/** A repeated `sort` names no order (the loader answers 404 for it). */
const sortOf = async (searchParams: Props['searchParams']) => {
  const { sort } = await searchParams
  return Array.isArray(sort) ? '' : sort
}

const sortHref = (boardId: string, sort: CatalogSort) =>
  sort === DEFAULT_CATALOG_SORT ? `/board/${boardId}/catalog` : `/board/${boardId}/catalog?sort=${sort}`

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const page = await loadCatalogPage(await requestIp(), (await params).boardId, await sortOf(searchParams))
  if (page.kind !== 'ok') return unavailableMetadata(page)
  return {
    title: `Catalog - /${page.board.id}/ - ${page.board.name}`,
    description: page.board.description,
    alternates: {
      canonical: `/board/${page.board.id}/catalog`,
      types: { 'application/atom+xml': boardFeedPath(page.board.id) },
    },
  }
}

/** /board/{id}/catalog: every live thread of the board as a tile, in the order `?sort=` names. */
export default async function CatalogPage({ params, searchParams }: Props) {
  const { boardId } = await params
  const page = await loadCatalogPage(await requestIp(), boardId, await sortOf(searchParams))
  if (page.kind !== 'ok') return unavailablePage(page, boardId)
  // A page load gets the tiles as ready HTML; a live refresh or client-side navigation (no slots) draws them.
  const tilesSlot = await catalogTilesSlot(page.tiles)
  return (
    <div className="space-y-4">
      <BoardHeader board={page.board} />
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-xl font-bold">Catalog</h1>
        <Link href={`/board/${page.board.id}`} className="text-sm text-board-link hover:underline">
          Return to the board
        </Link>
      </div>
      <nav aria-label="Sort threads" className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-slate-600">Sort by</span>
        {CATALOG_SORTS.map((sort) =>
          sort === page.sort ? (
            <span
              key={sort}
              aria-current="page"
              className="rounded-md border border-blue-600 bg-blue-600 px-2 py-1 font-medium text-white"
            >
              {SORT_LABELS[sort]}
            </span>
          ) : (
            <Link
              key={sort}
              href={sortHref(page.board.id, sort)}
              className="rounded-md border border-slate-300 px-2 py-1 hover:bg-slate-50"
            >
              {SORT_LABELS[sort]}
            </Link>
          ),
        )}
      </nav>
      <CatalogView boardId={page.board.id} tiles={page.tiles} tilesSlot={tilesSlot} />
    </div>
  )
}
