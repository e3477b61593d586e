import Link from 'next/link'
import type { MouseEvent, ReactNode } from 'react'
import { HIDE_GLYPH } from '@/components/ui/glyphs'
import { StickyPin } from '@/components/ui/sticky-pin'
import { Timestamp } from '@/components/ui/timestamp'
import { WatchButton } from '@/components/watcher/watch-button'
import type { ThreadSummary } from '@/lib/threads/types'
import { LATEST_REPLIES } from '@/lib/threads/types'
import { threadHref } from './thread-card-posts'

/** What a card does in the browser; the server's copy of the card (thread-cards-html.tsx) has none of it. */
export interface ThreadCardActions {
  onOpen: (e: MouseEvent) => void
  onHide: () => void
  /** Only for the visitor's own thread. */
  onDelete?: () => void
}

/**
 * One thread on the board page as drawn, with its posts given ready: the same markup for the server's HTML of the
 * card (thread-cards-html.tsx, rendered outside Next, without the browser's state) and for the card the browser
 * draws once the page has hydrated (thread-card.tsx).
 */
export function ThreadCardFrame({
  thread,
  posts,
  actions,
}: {
  thread: ThreadSummary
  posts: ReactNode
  actions?: ThreadCardActions
}) {
  const href = threadHref(thread)
  return (
    <article
      onClick={actions?.onOpen}
      data-thread-id={thread.id}
      className="cursor-pointer space-y-2 rounded-lg border border-slate-200 bg-white p-3 shadow-sm hover:border-blue-300"
    >
      <header className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          onClick={actions?.onHide}
          className="text-slate-500 hover:text-slate-700"
          aria-label={`Hide thread ${thread.id}`}
          dangerouslySetInnerHTML={HIDE_GLYPH}
        />
        {thread.is_sticky && <StickyPin />}
        <h2 className="font-semibold">
          <Link href={href} className="hover:underline">
            {thread.topic}
          </Link>
        </h2>
        <Timestamp iso={thread.created_at} className="text-xs text-slate-500" />
        <span className="text-xs text-slate-500">
          {thread.post_count} {thread.post_count === 1 ? 'post' : 'posts'}
        </span>
        {actions?.onDelete && (
          <button type="button" onClick={actions.onDelete} className="ml-auto text-xs text-red-600 hover:underline">
            Delete thread
          </button>
        )}
      </header>
      {posts}
      <footer className="flex flex-wrap items-center gap-3 text-sm">
        {thread.totalReplies > LATEST_REPLIES && (
          <Link href={href} className="text-board-link hover:underline">
            View all {thread.totalReplies} replies
          </Link>
        )}
        <Link href={href} className="font-medium text-board-link hover:underline">
          View Thread
        </Link>
        <span className="ml-auto">
          <WatchButton
            boardId={thread.board_id}
            threadId={thread.id}
            label={thread.topic}
            lastPostId={thread.latestReplies.at(-1)?.id ?? thread.op.id}
          />
        </span>
      </footer>
    </article>
  )
}
