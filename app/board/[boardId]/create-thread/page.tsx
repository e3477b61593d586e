import type { Metadata } from 'next'
import { boardSubpage } from '@/components/board/board-subpage'
import { CreateThreadForm } from '@/components/thread/create-thread-form'
import type { PageParams } from '@/lib/http/params'
import { loadBoardForPosting } from '@/lib/pages/visitor'

export const dynamic = 'force-dynamic'

type Props = PageParams<'boardId'>

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `New thread on /${(await params).boardId}/`, robots: { index: false } }
}

export default async function CreateThreadPage({ params }: Props) {
  return boardSubpage((await params).boardId, loadBoardForPosting, 'Create a new thread', (page) => (
    <CreateThreadForm boardId={page.board.id} captchaMode={page.board.captcha} />
  ))
}
