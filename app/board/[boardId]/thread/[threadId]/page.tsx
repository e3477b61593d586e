import type { Metadata } from 'next'
import { unavailablePage, unavailableMetadata } from '@/components/bans/unavailable-page'
import { BoardHeader } from '@/components/board/board-header'
import { ThreadView } from '@/components/thread/thread-view'
import { threadFeedPath } from '@/lib/feeds/paths'
import { isNumericId, type PageParams } from '@/lib/http/params'
import { requestIp } from '@/lib/http/request-ip'
import { BUMP_LIMIT } from '@/lib/limits'
import { threadPageSlots } from '@/lib/pages/thread-page-slots'
import { loadThreadPage } from '@/lib/pages/visitor'
import { threadWithoutCounts } from '@/lib/render/thread-posts-slot'

export const dynamic = 'force-dynamic'

type Props = PageParams<'boardId' | 'threadId'> & { searchParams: Promise<{ quote?: string }> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { boardId, threadId } = await params
  const page = await loadThreadPage(await requestIp(), boardId, threadId)
  if (page.kind !== 'ok') return unavailableMetadata(page)
  const op = page.posts[0]
  return {
    title: `${page.thread.topic} - /${page.board.id}/`,
    description: op?.content.slice(0, 160) || page.thread.topic,
    alternates: {
      canonical: `/board/${page.board.id}/thread/${page.thread.id}`,
      types: { 'application/atom+xml': threadFeedPath(page.board.id, page.thread.id) },
    },
  }
}

export default async function ThreadPage({ params, searchParams }: Props) {
  const { boardId, threadId } = await params
  const { quote } = await searchParams
  const page = await loadThreadPage(await requestIp(), boardId, threadId)
  if (page.kind !== 'ok') return unavailablePage(page, boardId)
  const quoteId = quote && isNumericId(quote) && !page.thread.is_dead ? Number(quote) : undefined
  // A page load gets its posts as ready HTML, with the thread's counts, country names and links to other threads
  // beside them in the slot; a client-side navigation (no slots) gets them all in ThreadView's props.
  const postsSlot = await threadPageSlots(page)
  return (
    <div className="space-y-4">
      <BoardHeader board={page.board} />
      <ThreadView
        boardId={page.board.id}
        thread={postsSlot ? threadWithoutCounts(page.thread) : page.thread}
        posts={postsSlot ? [] : page.posts}
        postsSlot={postsSlot}
        bumpLimit={BUMP_LIMIT}
        crossRefs={postsSlot ? undefined : page.crossRefs}
        showFlags={page.board.country_flags_enabled}
        captchaMode={page.board.captcha}
        countryNames={postsSlot ? undefined : page.countryNames}
        surveyResults={page.surveyResults}
        quote={quoteId}
      />
    </div>
  )
}
