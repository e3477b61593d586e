import type { Metadata } from 'next'
import { unavailablePage, unavailableMetadata } from '@/components/bans/unavailable-page'
import { BoardHeader } from '@/components/board/board-header'
import { BoardView } from '@/components/board/board-view'
import { PageLinks } from '@/components/board/page-links'
import { boardFeedPath } from '@/lib/feeds/paths'
import type { PageParams } from '@/lib/http/params'
import { requestIp } from '@/lib/http/request-ip'
import { boardPageSlots } from '@/lib/pages/board-page-slots'
import { loadBoardPage } from '@/lib/pages/visitor'

export const dynamic = 'force-dynamic'

type Props = PageParams<'boardId'> & { searchParams: Promise<{ page?: string | string[] }> }

/** A repeated `page` names no page; a single one is validated by the loader. */
const pageOf = async (searchParams: Props['searchParams']) => {
  const { page } = await searchParams
  return Array.isArray(page) ? '' : page
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const page = await loadBoardPage(await requestIp(), (await params).boardId, await pageOf(searchParams))
  if (page.kind !== 'ok') return unavailableMetadata(page)
  const suffix = page.page > 1 ? ` (page ${page.page})` : ''
  return {
    title: `/${page.board.id}/ - ${page.board.name}${suffix}`,
    description: page.board.description,
    alternates: {
      canonical: page.page > 1 ? `/board/${page.board.id}?page=${page.page}` : `/board/${page.board.id}`,
      types: { 'application/atom+xml': boardFeedPath(page.board.id) },
    },
  }
}

export default async function BoardPage({ params, searchParams }: Props) {
  const { boardId } = await params
  const page = await loadBoardPage(await requestIp(), boardId, await pageOf(searchParams))
  if (page.kind !== 'ok') return unavailablePage(page, boardId)
  // A page load gets the cards as ready HTML and the threads as JSON in slots; a live refresh or client-side
  // navigation (no slots), the threads in props.
  const threadsSlot = await boardPageSlots(page)
  const links = (label: string) => (
    <PageLinks boardId={page.board.id} page={page.page} pageCount={page.pageCount} label={label} />
  )
  return (
    <div className="space-y-4">
      <BoardHeader board={page.board} heading />
      {links('Pages (top)')}
      <BoardView
        boardId={page.board.id}
        threads={threadsSlot ? undefined : page.threads}
        showFlags={page.board.country_flags_enabled}
        live={page.page === 1}
        threadsSlot={threadsSlot}
      />
      {links('Pages (bottom)')}
    </div>
  )
}
