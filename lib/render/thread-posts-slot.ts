// How the thread page gets its post list as ready HTML (thread-posts-html.tsx) into a slot (slots.ts) that
// ThreadView shows until it has hydrated, instead of rendering 300 posts with React and copying them into the
// page's React payload besides.
import type { PublicPost } from '../posts/types'
import { processSlot } from '../process-singleton'
import { dataSlotOf } from './slot-reader'
import { fillSlot, slotDataScript, slotsAvailable } from './slots'
import { yieldToLoop } from './yield-to-loop'
import type { SurveyResults } from '../surveys/types'

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

/** What ThreadView finds in the slot while the server renders it. */
export interface ThreadPostsSlotData {
  posts: PublicPost[]
}

export const THREAD_POSTS_SLOT = 'thread-posts'

const renderer = processSlot<(input: ThreadPostsInput) => ThreadPostsHtml>('thread-posts-html')

/** server.ts registers the renderer, which lives outside Next's bundles. */
export const registerThreadPostsHtml = (render: (input: ThreadPostsInput) => ThreadPostsHtml) => renderer.set(render)

/**
 * Fills the thread page's post-list slot and returns its name, or returns undefined when the page must carry its
 * posts in its props instead: no renderer registered, or no slots in this request (a script rendering outside
 * server.ts). Resolves after the event loop has had a turn, so the rest of the page renders in a block of its own.
 */
export async function threadPostsSlot(input: ThreadPostsInput): Promise<string | undefined> {
  const render = renderer.get()
  if (!render || !slotsAvailable()) return undefined
  const { items, json } = render(input)
  fillSlot(THREAD_POSTS_SLOT, { html: items, data: { posts: input.posts } satisfies ThreadPostsSlotData })
  fillSlot(dataSlotOf(THREAD_POSTS_SLOT), { html: slotDataScript(THREAD_POSTS_SLOT, json), data: null })
  await yieldToLoop()
  return THREAD_POSTS_SLOT
}
