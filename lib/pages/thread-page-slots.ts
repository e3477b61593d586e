// Every slot of the thread page, filled from the page's data, and the key of what the rest of the page depends
// on. The page fills them while Next renders it; the page cache fills them the same way to put a page together
// from an earlier render's surroundings (lib/render/page-shell.ts), which it does only while the key is unchanged.
import { BUMP_LIMIT } from '../limits'
import type { ThreadPageData } from './thread-page-data'
import type { PublicPost } from '../posts/types'
import type { PageShell } from '../render/page-shell'
import { type Carried, fillSlot, SHELL_CARRY_SLOT, SHELL_KEY_SLOT } from '../render/slots'
import { threadPostsSlot, threadWithoutCounts } from '../render/thread-posts-slot'

/** How a thread page's shell key starts (other pages' keys start otherwise). */
export const THREAD_SHELL = 'thread '

/**
 * What the thread page shows outside its slots, as one string: everything the page read except what goes in the
 * slots (the posts, the thread's counts, country names, links to other threads), plus the opening post's text (the
 * page's description and the watcher's label) and whether the thread is at its bump limit. A field added to the
 * page's data is in the key without a change here. The page's query (`?quote=`) is not: the page cache keeps
 * thread pages only without one.
 */
export function threadShellKey(page: ThreadPageData): string {
  // In the slot with the posts, not in the rest of the page.
  const { posts, thread, countryNames: _names, crossRefs: _links, ...rest } = page
  return (
    THREAD_SHELL +
    JSON.stringify({
      ...rest,
      thread: threadWithoutCounts(thread),
      atBumpLimit: thread.post_count >= BUMP_LIMIT,
      opening: posts[0]?.content ?? null,
    })
  )
}

/**
 * Fills the thread page's slots and returns the post list's, or undefined when the page must carry its posts in
 * its props (no slots in this request: see threadPostsSlot).
 */
export async function threadPageSlots(page: ThreadPageData): Promise<string | undefined> {
  const slot = await threadPostsSlot(
    {
      boardId: page.board.id,
      threadId: page.thread.id,
      posts: page.posts,
      archived: page.thread.is_dead,
      showFlags: page.board.country_flags_enabled,
      countryNames: page.countryNames,
      crossRefs: page.crossRefs,
      surveyResults: page.surveyResults,
    },
    page.thread,
  )
  if (slot) {
    fillSlot(SHELL_KEY_SLOT, { html: '', data: threadShellKey(page) })
    fillSlot(SHELL_CARRY_SLOT, { html: '', data: carry(page.posts) })
  }
  return slot
}

/** The posts a thread page carries to its next version (readThreadPage's `known`). */
export function carriedPosts(shell: PageShell): readonly PublicPost[] | undefined {
  return (shell.carried as CarriedPosts | undefined)?.data.posts
}

type CarriedPosts = Carried<{ posts: readonly PublicPost[] }>

/**
 * The posts with an estimate of what they hold, on the high side: their texts in UTF-16 and a kilobyte for each
 * object with its other fields (measured on the bench's seed: ≈ 0.6 KB of heap per post of 200 characters).
 */
function carry(posts: readonly PublicPost[]): CarriedPosts {
  let bytes = 0
  for (const post of posts) bytes += 1024 + 2 * post.content.length
  return { data: { posts }, bytes }
}
