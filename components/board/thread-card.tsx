'use client'
import { useRouter } from 'next/navigation'
import type { MouseEvent } from 'react'
import { errorBodyOf, publicApi } from '@/lib/client/api'
import { forgetOwn, toggleHidden, useLocalState } from '@/lib/client/local-state'
import { messageFor } from '@/lib/error-messages'
import type { ThreadSummary } from '@/lib/threads/types'
import { ThreadCardFrame } from './thread-card-frame'
import { CARD_POSTS_CLASS, ThreadCardPostList, threadHref } from './thread-card-posts'

/**
 * One thread on the board page as the browser draws it once the page has hydrated (until then the page shows the
 * server's HTML of the cards: lib/render/board-threads-slot.ts); the whole card opens the thread (links and buttons
 * inside keep their own action).
 */
export function ThreadCard({ thread, showFlags }: { thread: ThreadSummary; showFlags: boolean }) {
  const router = useRouter()
  const local = useLocalState()

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
    router.push(threadHref(thread))
  }
  return (
    <ThreadCardFrame
      thread={thread}
      actions={{
        onOpen: open,
        onHide: () => toggleHidden('hiddenThreads', thread.id),
        onDelete: local.ownThreads.has(thread.id) ? () => void deleteThread() : undefined,
      }}
      posts={
        <div className={CARD_POSTS_CLASS}>
          <ThreadCardPostList thread={thread} showFlags={showFlags} isOwn={(id) => local.ownPosts.has(id)} />
        </div>
      }
    />
  )
}
