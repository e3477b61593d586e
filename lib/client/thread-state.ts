// What an open thread page shows, as a pure reducer: the hook (use-thread.ts) feeds it live events, the posts fetched
// to catch up, and the reader's own deletions.
import { postReferences } from '@/lib/markup/parse'
import type { PublicPost } from '@/lib/posts/types'
import type { PublicThread } from '@/lib/threads/types'
import { DEAD_THREAD_RETENTION_MS } from '@/lib/time'

export interface ThreadState {
  thread: PublicThread
  posts: PublicPost[]
  /** The thread was deleted while the page was open. */
  deleted: boolean
  /** The newest post id ever shown: posts up to it are never added again, even once deleted. */
  lastId: number
  /** Posts that have just arrived, tinted for a moment. */
  newIds: ReadonlySet<number>
  /** Posts that arrived while the reader was scrolled away from the bottom. */
  unseen: number
  /** Votes announced per survey id: a poll refreshes its results when its count goes up. */
  surveyVersions: Record<number, number>
  /** Why the reader's own deletion failed. */
  notice: string | null
}

/** `awayFromBottom`: the reader was scrolled up when the posts arrived, so they count as unseen. */
export type ThreadAction =
  | { type: 'post_created'; threadId: number; postCount: number; post: PublicPost; awayFromBottom: boolean }
  | { type: 'caught_up'; thread: PublicThread; posts: PublicPost[]; awayFromBottom: boolean }
  | { type: 'post_deleted'; postId: number; postCount: number }
  | { type: 'own_post_deleted'; postId: number }
  | { type: 'own_delete_failed'; message: string }
  | { type: 'post_color_changed'; postId: number; color: PublicPost['color'] }
  | { type: 'sticky_changed'; isSticky: boolean }
  | { type: 'thread_died'; diedAt: string }
  | { type: 'thread_deleted' }
  | { type: 'survey_vote'; surveyId: number }
  | { type: 'new_flags_expired'; postIds: number[] }
  | { type: 'reached_bottom' }

export function initialThreadState(thread: PublicThread, posts: PublicPost[]): ThreadState {
  return {
    thread,
    posts,
    deleted: false,
    lastId: posts.at(-1)?.id ?? 0,
    newIds: new Set(),
    unseen: 0,
    surveyVersions: {},
    notice: null,
  }
}

/** Appends the posts newer than any shown so far (a post can come both live and in a catch-up fetch). */
function addPosts(state: ThreadState, incoming: PublicPost[], awayFromBottom: boolean): ThreadState {
  const fresh = incoming.filter((p) => p.id > state.lastId)
  if (!fresh.length) return state
  const known = new Set(state.posts.map((p) => p.id))
  return {
    ...state,
    lastId: Math.max(state.lastId, ...fresh.map((p) => p.id)),
    posts: [...state.posts, ...fresh.filter((p) => !known.has(p.id))],
    newIds: new Set([...state.newIds, ...fresh.map((p) => p.id)]),
    unseen: awayFromBottom ? state.unseen + fresh.length : state.unseen,
  }
}

const withoutPost = (state: ThreadState, postId: number): PublicPost[] => state.posts.filter((p) => p.id !== postId)

export function threadReducer(state: ThreadState, action: ThreadAction): ThreadState {
  switch (action.type) {
    case 'post_created':
      if (action.threadId !== state.thread.id) return state
      return addPosts(
        { ...state, thread: { ...state.thread, post_count: action.postCount } },
        [action.post],
        action.awayFromBottom,
      )
    case 'caught_up':
      // The fetched thread replaces ours whole: it carries whatever changed while we were not listening.
      return addPosts({ ...state, thread: action.thread }, action.posts, action.awayFromBottom)
    case 'post_deleted':
      return {
        ...state,
        posts: withoutPost(state, action.postId),
        thread: { ...state.thread, post_count: action.postCount },
      }
    case 'own_post_deleted':
      return { ...state, posts: withoutPost(state, action.postId) }
    case 'own_delete_failed':
      return { ...state, notice: action.message }
    case 'post_color_changed':
      return { ...state, posts: state.posts.map((p) => (p.id === action.postId ? { ...p, color: action.color } : p)) }
    case 'sticky_changed':
      return { ...state, thread: { ...state.thread, is_sticky: action.isSticky } }
    case 'thread_died': {
      const deletesAt = new Date(new Date(action.diedAt).getTime() + DEAD_THREAD_RETENTION_MS).toISOString()
      return { ...state, thread: { ...state.thread, is_dead: true, died_at: action.diedAt, deletes_at: deletesAt } }
    }
    case 'thread_deleted':
      return { ...state, deleted: true }
    case 'survey_vote':
      return {
        ...state,
        surveyVersions: {
          ...state.surveyVersions,
          [action.surveyId]: (state.surveyVersions[action.surveyId] ?? 0) + 1,
        },
      }
    case 'new_flags_expired':
      if (!action.postIds.some((id) => state.newIds.has(id))) return state
      return { ...state, newIds: new Set([...state.newIds].filter((id) => !action.postIds.includes(id))) }
    case 'reached_bottom':
      return state.unseen ? { ...state, unseen: 0 } : state
  }
}

/** Post id → the ids of the later posts that reference it, in order. */
export function backlinksOf(posts: PublicPost[]): Map<number, number[]> {
  const map = new Map<number, number[]>()
  for (const p of posts)
    for (const id of postReferences(p)) {
      if (id === p.id) continue
      const later = map.get(id)
      if (later) later.push(p.id)
      else map.set(id, [p.id])
    }
  return map
}
