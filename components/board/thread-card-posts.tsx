import type { RefContext } from '@/components/post/post-body'
import { PostView } from '@/components/post/post-view'
import type { ThreadSummary } from '@/lib/threads/types'

/** The element around a card's posts; the server's copy of them (thread-cards-html.tsx) goes inside one too. */
export const CARD_POSTS_CLASS = 'space-y-2'

/** Everything a card's posts are drawn from (the server's cached card is keyed by these posts' versions too). */
export type CardPosts = Pick<ThreadSummary, 'id' | 'board_id' | 'op' | 'latestReplies'>

export const threadHref = (thread: Pick<ThreadSummary, 'id' | 'board_id'>) =>
  `/board/${thread.board_id}/thread/${thread.id}`

/** A board page card's opening post and latest replies: references to them open the thread at that post. */
export function ThreadCardPostList({
  thread,
  showFlags,
  isOwn,
}: {
  thread: CardPosts
  showFlags: boolean
  isOwn: (postId: number) => boolean
}) {
  const href = threadHref(thread)
  const shown = (id: number) => id === thread.op.id || thread.latestReplies.some((r) => r.id === id)
  const refs: RefContext = { hrefFor: (id) => (shown(id) ? `${href}#post-${id}` : `/post/${id}`), isOwn }
  return (
    <>
      <PostView post={thread.op} refs={refs} showFlags={showFlags} />
      {thread.latestReplies.length > 0 && (
        <div className="ml-6 space-y-1">
          {thread.latestReplies.map((r) => (
            <PostView key={r.id} post={r} refs={refs} compact showFlags={showFlags} />
          ))}
        </div>
      )}
    </>
  )
}
