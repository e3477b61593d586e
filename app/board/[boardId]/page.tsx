import type { Metadata } from 'next'
import Link from 'next/link'
import { loadBoardPage } from '@/lib/pages/visitor'
import { BoardHeader } from '@/components/board/board-header'
import { BoardView } from '@/components/board/board-view'
import { BanScreen } from '@/components/bans/ban-screen'
import { Card } from '@/components/ui/card'

export const dynamic = 'force-dynamic'

type Props = { params: Promise<{ boardId: string }> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const page = await loadBoardPage((await params).boardId)
  if (page.kind !== 'ok') return { title: 'Board not found', robots: { index: false } }
  return { title: `/${page.board.id}/ - ${page.board.name}`, description: page.board.description, alternates: { canonical: `/board/${page.board.id}` } }
}

export default async function BoardPage({ params }: Props) {
  const { boardId } = await params
  const page = await loadBoardPage(boardId)
  if (page.kind === 'banned') return <BanScreen body={page.body} boardId={boardId} />
  if (page.kind === 'not-found') {
    return (
      <Card title="Board not found">
        <Link href="/" className="text-board-link hover:underline">Back to the boards list</Link>
      </Card>
    )
  }
  return (
    <div className="space-y-4">
      <BoardHeader board={page.board} heading />
      <BoardView boardId={page.board.id} threads={page.threads} showFlags={page.board.country_flags_enabled} />
    </div>
  )
}
