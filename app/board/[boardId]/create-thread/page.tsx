import type { Metadata } from 'next'
import { unavailablePage } from '@/components/bans/unavailable-page'
import { BoardHeader } from '@/components/board/board-header'
import { CreateThreadForm } from '@/components/thread/create-thread-form'
import type { PageParams } from '@/lib/http/params'
import { requestIp } from '@/lib/http/request-ip'
import { loadBoardForPosting } from '@/lib/pages/visitor'

export const dynamic = 'force-dynamic'

type Props = PageParams<'boardId'>

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `New thread on /${(await params).boardId}/`, robots: { index: false } }
}

export default async function CreateThreadPage({ params }: Props) {
  const { boardId } = await params
  const page = await loadBoardForPosting(await requestIp(), boardId)
  if (page.kind !== 'ok') return unavailablePage(page, boardId)
  return (
    <div className="space-y-4">
      <BoardHeader board={page.board} />
      <h1 className="text-xl font-bold">Create a new thread</h1>
      <CreateThreadForm boardId={page.board.id} captchaMode={page.board.captcha} />
    </div>
  )
}
