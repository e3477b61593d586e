'use client'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import type { MouseEvent } from 'react'
import { HIDE_GLYPH } from '@/components/ui/glyphs'
import { ServerHtml } from '@/components/ui/server-html'
import { StickyPin } from '@/components/ui/sticky-pin'
import { Timestamp } from '@/components/ui/timestamp'
import { WatchButton } from '@/components/watcher/watch-button'
import { errorBodyOf, publicApi } from '@/lib/client/api'
import { forgetOwn, toggleHidden, useLocalState } from '@/lib/client/local-state'
import { useHydrated } from '@/lib/client/use-hydrated'
import { messageFor } from '@/lib/error-messages'
import type { ThreadSummary } from '@/lib/threads/types'
import { LATEST_REPLIES } from '@/lib/threads/types'
import { CARD_POSTS_CLASS, ThreadCardPostList, threadHref } from './thread-card-posts'

/**
 * One thread on the board page; the whole card opens the thread (links and buttons inside keep their own action).
 * On a page load its posts come as ready HTML in `postsSlot` (lib/render/thread-cards-slot.ts), drawn here once
 * the page has hydrated.
 */
export function ThreadCard({
  thread,
  showFlags,
  postsSlot,
}: {
  thread: ThreadSummary
  showFlags: boolean
  postsSlot?: string
}) {
  const router = useRouter()
  const local = useLocalState()
  const drawn = useHydrated()
  const href = threadHref(thread)

  if (local.hiddenThreads.has(thread.id)) {
    return (
      <div
        className="rounded-lg border border-dashed border-slate-300 bg-slate-50 px-4 py-2 text-sm text-slate-500"
        data-thread-id={thread.id}
      >
        Thread hidden{' '}
        <button
          type="button"
          onClick={() => toggleHidden('hiddenThreads', thread.id)}
          className="text-board-link hover:underline"
          aria-label={`Unhide thread ${thread.id}`}
        >
          [unhide]
        </button>
      </div>
    )
  }

  const own = local.ownThreads.has(thread.id)
  async function deleteThread() {
    if (!window.confirm('Delete this thread? This cannot be undone.')) return
    try {
      await publicApi.deleteOwnThread(thread.board_id, thread.id)
    } catch (err) {
      return window.alert(messageFor(errorBodyOf(err), 'Failed to delete thread'))
    }
    forgetOwn('ownThreads', thread.id)
    router.refresh()
  }

  const open = (e: MouseEvent) => {
    if ((e.target as HTMLElement).closest('a, button, input, video, audio, details, summary')) return
    router.push(href)
  }
  return (
    <article
      onClick={open}
      data-thread-id={thread.id}
      className="cursor-pointer space-y-2 rounded-lg border border-slate-200 bg-white p-3 shadow-sm hover:border-blue-300"
    >
      <header className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          onClick={() => toggleHidden('hiddenThreads', thread.id)}
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
        {own && (
          <button type="button" onClick={deleteThread} className="ml-auto text-xs text-red-600 hover:underline">
            Delete thread
          </button>
        )}
      </header>
      {postsSlot && !drawn ? (
        <ServerHtml slot={postsSlot} className={CARD_POSTS_CLASS} />
      ) : (
        <div className={CARD_POSTS_CLASS}>
          <ThreadCardPostList thread={thread} showFlags={showFlags} isOwn={(id) => local.ownPosts.has(id)} />
        </div>
      )}
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
