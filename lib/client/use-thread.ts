'use client'
// An open thread's state (thread-state.ts) wired to the live room and the server: live events go to the reducer,
// what happened while the page was not listening is fetched, and the reader's own posts can be deleted.
import { useRouter } from 'next/navigation'
import { useCallback, useEffect, useReducer, useRef } from 'react'
import { errorBodyOf, publicApi } from '@/lib/client/api'
import { forgetOwn } from '@/lib/client/local-state'
import { messageFor } from '@/lib/error-messages'
import type { PublicPost } from '@/lib/posts/types'
import type { PublicThread } from '@/lib/threads/types'
import { initialThreadState, threadReducer, type ThreadState } from './thread-state'
import { useRoom, type LiveStatus } from './use-room'

/** How long a post that has just arrived stays tinted. */
const NEW_FLAG_MS = 500
/** Closer than this to the bottom of the page, the reader sees new posts as they come. */
const NEAR_BOTTOM_PX = 100

const awayFromBottom = () =>
  document.documentElement.scrollHeight - window.scrollY - window.innerHeight > NEAR_BOTTOM_PX

export interface UseThread {
  state: ThreadState
  status: LiveStatus
  /** Fetches the posts newer than the newest shown, and the thread as it is now. */
  catchUp: () => Promise<void>
  /** Asks, then deletes one of the reader's own posts; deleting the opening post leaves for the board. */
  deleteOwn: (postId: number) => Promise<void>
  /** Scrolls to the newest posts. */
  showLatest: () => void
}

export function useThread(boardId: string, thread: PublicThread, posts: PublicPost[]): UseThread {
  const [state, dispatch] = useReducer(threadReducer, null, () => initialThreadState(thread, posts))
  const router = useRouter()
  const threadId = thread.id
  const lastId = useRef(state.lastId)
  useEffect(() => {
    lastId.current = state.lastId
  }, [state.lastId])

  /** Posts that arrive are tinted for a moment. */
  const flagNew = useCallback((incoming: PublicPost[]) => {
    const postIds = incoming.map((p) => p.id)
    setTimeout(() => dispatch({ type: 'new_flags_expired', postIds }), NEW_FLAG_MS)
  }, [])

  const catchUp = useCallback(async () => {
    // A failed catch-up is tried again at the next reconnect; the live events keep coming meanwhile.
    const body = await publicApi.threadPosts(boardId, threadId, lastId.current).catch(() => null)
    if (!body) return
    dispatch({ type: 'caught_up', thread: body.thread, posts: body.posts, awayFromBottom: awayFromBottom() })
    flagNew(body.posts)
  }, [boardId, threadId, flagNew])

  const status = useRoom(
    `${boardId}-${threadId}`,
    {
      post_created: (e) => {
        dispatch({
          type: 'post_created',
          threadId: e.threadId,
          postCount: e.postCount,
          post: e.post,
          awayFromBottom: awayFromBottom(),
        })
        if (e.threadId === threadId) flagNew([e.post])
      },
      post_deleted: (e) => dispatch({ type: 'post_deleted', postId: e.postId, postCount: e.postCount }),
      post_color_changed: (e) =>
        dispatch({ type: 'post_color_changed', postId: e.postId, color: e.color as PublicPost['color'] }),
      thread_sticky_updated: (e) => dispatch({ type: 'sticky_changed', isSticky: e.isSticky }),
      thread_died: (e) => dispatch({ type: 'thread_died', diedAt: e.diedAt }),
      thread_deleted: () => dispatch({ type: 'thread_deleted' }),
      survey_vote: (e) => dispatch({ type: 'survey_vote', surveyId: e.surveyId }),
    },
    catchUp,
  )

  // Reaching the bottom shows every post there is.
  useEffect(() => {
    const onScroll = () => {
      if (!awayFromBottom()) dispatch({ type: 'reached_bottom' })
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [])

  async function deleteOwn(postId: number) {
    if (!window.confirm('Delete this post? This cannot be undone.')) return
    const isOp = state.posts.find((p) => p.id === postId)?.is_op
    try {
      await publicApi.deleteOwnPost(boardId, threadId, postId)
    } catch (err) {
      return dispatch({ type: 'own_delete_failed', message: messageFor(errorBodyOf(err), 'Failed to delete post') })
    }
    forgetOwn('ownPosts', postId)
    if (isOp) {
      forgetOwn('ownThreads', threadId)
      router.push(`/board/${boardId}`)
      return
    }
    dispatch({ type: 'own_post_deleted', postId })
  }

  function showLatest() {
    dispatch({ type: 'reached_bottom' })
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'smooth' })
  }

  return { state, status, catchUp, deleteOwn, showLatest }
}
