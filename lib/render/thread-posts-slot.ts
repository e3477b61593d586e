// How the thread page gets its post list as ready HTML (thread-posts-html.tsx) into a slot (slots.ts) that
// ThreadView shows until it has hydrated, instead of rendering 300 posts with React and copying them into the
// page's React payload besides. What replies change goes through these slots too (the count of posts shown, the
// thread's post count and bump time, the names of the posters' countries, the addresses of posts quoted in other
// threads), so that a reply leaves the rest of the page, its React payload included, byte for byte as it was,
// unless it brings the thread to its bump limit.
import type { PublicPost } from '../posts/types'
import { processSlot } from '../process-singleton'
import { dataSlotOf } from './slot-reader'
import { fillSlot, slotDataScript, slotsAvailable } from './slots'
import { yieldToLoop } from './yield-to-loop'
import type { SurveyResults } from '../surveys/types'
import type { PublicThread } from '../threads/types'

export interface ThreadPostsInput {
  boardId: string
  threadId: number
  posts: PublicPost[]
  archived: boolean
  showFlags: boolean
  countryNames: Record<string, string>
  /** hrefs of posts in other threads that the posts quote. */
  crossRefs: Record<number, string>
  surveyResults: Record<number, SurveyResults>
}

export interface ThreadPostsHtml {
  /** The list's items, each to go into an element of its own (the list's own element is the page's). */
  items: string[]
  /** The posts as a JSON array, for the browser to take over the list. */
  json: string
}

/** What of a thread changes with every reply: it travels with the posts, not in ThreadView's props. */
export type ThreadCounts = Pick<PublicThread, 'post_count' | 'updated_at'>

/**
 * What ThreadView finds in the slot while the server renders it, and in the slot's JSON in the browser: beside the
 * posts, what goes with them and changes with replies (the thread's counts, the names of the posters' countries,
 * the addresses of posts quoted in other threads).
 */
export interface ThreadPostsSlotData {
  thread: ThreadCounts
  countryNames: Record<string, string>
  crossRefs: Record<number, string>
  posts: PublicPost[]
}

export const THREAD_POSTS_SLOT = 'thread-posts'
/** The number of posts the page shows, in the thread's header. */
export const THREAD_POST_COUNT_SLOT = 'thread-post-count'

/** The thread without what a reply changes (ThreadCounts), for ThreadView's props. */
export function threadWithoutCounts(thread: PublicThread): ThreadFacts {
  const { post_count: _count, updated_at: _bumped, ...rest } = thread
  return rest
}

/** A thread as ThreadView's props carry it when its counts are in the slot. */
export type ThreadFacts = Omit<PublicThread, keyof ThreadCounts>

const renderer = processSlot<(input: ThreadPostsInput) => ThreadPostsHtml>('thread-posts-html')

/** server.ts registers the renderer, which lives outside Next's bundles. */
export const registerThreadPostsHtml = (render: (input: ThreadPostsInput) => ThreadPostsHtml) => renderer.set(render)

/**
 * Fills the thread page's slots (the post list, its JSON with the thread's counts, the number of posts shown) and
 * returns the list's name, or returns undefined when the page must carry its posts and counts in its props
 * instead: no renderer registered, or no slots in this request (a script rendering outside server.ts). Resolves
 * after the event loop has had a turn, so the rest of the page renders in a block of its own.
 */
export async function threadPostsSlot(input: ThreadPostsInput, thread: ThreadCounts): Promise<string | undefined> {
  const render = renderer.get()
  if (!render || !slotsAvailable()) return undefined
  const { items, json } = render(input)
  const { countryNames, crossRefs, posts } = input
  const counts: ThreadCounts = { post_count: thread.post_count, updated_at: thread.updated_at }
  const data: ThreadPostsSlotData = { thread: counts, countryNames, crossRefs, posts }
  fillSlot(THREAD_POSTS_SLOT, { html: items, data })
  // The same object as JSON for the browser: the posts' JSON is made once per post, so it is put in as it is.
  const around = JSON.stringify({ thread: counts, countryNames, crossRefs })
  const dataJson = `${around.slice(0, -1)},"posts":${json}}`
  fillSlot(dataSlotOf(THREAD_POSTS_SLOT), { html: slotDataScript(THREAD_POSTS_SLOT, dataJson), data: null })
  fillSlot(THREAD_POST_COUNT_SLOT, { html: String(input.posts.length), data: null })
  await yieldToLoop()
  return THREAD_POSTS_SLOT
}
