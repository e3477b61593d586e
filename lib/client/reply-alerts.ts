// Replies to the reader's own posts that arrived while the tab was hidden: the page title and icon count them.
import { referencedPostIds } from '@/lib/markup/parse'
import type { PublicPost } from '@/lib/posts/types'

/** The posts newer than `seenUpTo` that quote one of the reader's posts and are not the reader's own. */
export function repliesToOwn(posts: readonly PublicPost[], own: ReadonlySet<number>, seenUpTo: number): number {
  let n = 0
  for (const p of posts) {
    if (p.id <= seenUpTo || own.has(p.id)) continue
    if (referencedPostIds(p.content).some((id) => own.has(id))) n++
  }
  return n
}

/** "(2) Thread title": the count in front of the title the page had. */
export const titleWithCount = (title: string, count: number) => (count > 0 ? `(${count}) ${title}` : title)

/** The icon shown while there are unseen replies: the site icon with a red badge. */
export const ALERT_ICON = '/icon-reply.svg'
export const ALERT_ICON_ID = 'reply-alert-icon'
