import type { Metadata } from 'next'
import Link from 'next/link'
import { loadBoardForPosting } from '@/lib/pages/visitor'
import { BoardHeader } from '@/components/board/board-header'
import { BanScreen } from '@/components/bans/ban-screen'
import { Card } from '@/components/ui/card'
import { CreateThreadForm } from '@/components/thread/create-thread-form'

export const dynamic = 'force-dynamic'

type Props = { params: Promise<{ boardId: string }> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `New thread on /${(await params).boardId}/`, robots: { index: false } }
}

export default async function CreateThreadPage({ params }: Props) {
  const { boardId } = await params
  const page = await loadBoardForPosting(boardId)
  if (page.kind === 'banned') return <BanScreen body={page.body} boardId={boardId} />
  if (page.kind === 'not-found') {
    return <Card title="Board not found"><Link href="/" className="text-board-link hover:underline">Back to the boards list</Link></Card>
  }
  return (
    <div className="space-y-4">
      <BoardHeader board={page.board} />
      <h1 className="text-xl font-bold">Create a new thread</h1>
      <CreateThreadForm boardId={page.board.id} />
    </div>
  )
}
