// The HTML of the posts of each card on a board page, one cached fragment per card: after a reply, the board page
// renders the changed thread's card and reuses the others'. Each fragment is the browser's own component
// (ThreadCardPostList) rendered to static markup, as a visitor the page knows nothing of would see it.
//
// Server only, and outside Next: server.ts loads this file (Next's server components may not import
// react-dom/server) and registers `threadCardsHtml` for the board page to call (lib/render/thread-cards-slot.ts).
import { renderToStaticMarkup } from 'react-dom/server'
import { cachedFragment } from '@/lib/render/fragment-cache'
import { postVersion } from '@/lib/render/post-version'
import type { ThreadCardsInput } from '@/lib/render/thread-cards-slot'
import { type CardPosts, ThreadCardPostList } from './thread-card-posts'

const ownNothing = () => false

/** Each card's posts as HTML, by thread id. */
export function threadCardsHtml({ threads, showFlags }: ThreadCardsInput): Record<number, string> {
  const html: Record<number, string> = {}
  for (const { id, board_id, op, latestReplies } of threads) {
    const thread: CardPosts = { id, board_id, op, latestReplies }
    // The card's posts by version (lib/render/post-version.ts): the whole posts as JSON took 100 cards 2.8–3.5 ms.
    const input = `${showFlags}|${[op, ...latestReplies].map((p) => `${p.id}:${postVersion(p)}`).join(',')}`
    html[id] = cachedFragment(`thread-card:${id}`, input, () =>
      // Ids from useId are unique within one render: each fragment is its own, so each gets its own prefix.
      renderToStaticMarkup(<ThreadCardPostList thread={thread} showFlags={showFlags} isOwn={ownNothing} />, {
        identifierPrefix: `t${id}-`,
      }),
    )
  }
  return html
}
