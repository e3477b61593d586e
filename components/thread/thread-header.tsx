import { LiveIndicator } from '@/components/ui/live-indicator'
import { ServerHtml } from '@/components/ui/server-html'
import { WatchButton } from '@/components/watcher/watch-button'
import type { LiveStatus } from '@/lib/client/use-room'
import type { PublicThread } from '@/lib/threads/types'
import { ArchivedBanner } from './archived-banner'

export interface ThreadHeaderProps {
  thread: PublicThread
  /** How many posts the page shows. */
  shownPosts: number
  /** Until the list is drawn in the browser, the slot whose HTML has that number (the server's list is shown). */
  shownPostsSlot?: string
  bumpLimit: number
  status: LiveStatus
  /** The newest post shown and the watcher's name for the thread (the Watch button). */
  lastPostId: number
  watchLabel: string
}

/** The topic, the archive notice, the post count and the live status. Rendered by the client, so changes show live. */
export function ThreadHeader({
  thread,
  shownPosts,
  shownPostsSlot,
  bumpLimit,
  status,
  lastPostId,
  watchLabel,
}: ThreadHeaderProps) {
  return (
    <>
      <div className="flex items-center gap-2">
        {thread.is_sticky && (
          <span title="Sticky" aria-label="Sticky" data-testid="sticky-pin">
            📌
          </span>
        )}
        <h1 className="min-w-0 flex-1 text-xl font-bold">{thread.topic}</h1>
        <WatchButton boardId={thread.board_id} threadId={thread.id} label={watchLabel} lastPostId={lastPostId} />
      </div>
      {thread.is_dead && <ArchivedBanner deletesAt={thread.deletes_at} />}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">
          Posts ({shownPostsSlot ? <ServerHtml slot={shownPostsSlot} inline /> : shownPosts})
        </h2>
        <div className="flex items-center gap-3">
          {thread.post_count >= bumpLimit && (
            <span className="rounded bg-amber-500 px-2 py-0.5 text-xs font-semibold text-slate-900">
              Bump limit reached
            </span>
          )}
          <LiveIndicator status={status} />
        </div>
      </div>
    </>
  )
}
