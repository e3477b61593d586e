// The HTML of a board page's thread cards and their JSON, one cached fragment of each per card: after a reply, the
// board page renders the changed thread's card and reuses the others'. Each card is the browser's own markup
// (ThreadCardFrame around ThreadCardPostList) rendered to static markup, as a visitor the page knows nothing of
// would see it.
//
// Server only, and outside Next: server.ts loads this file (Next's server components may not import
// react-dom/server) and registers `threadCardsHtml` for the board page to call (lib/render/board-threads-slot.ts).
import { renderToStaticMarkup } from 'react-dom/server'
import type { BoardThreadsHtml, BoardThreadsInput } from '@/lib/render/board-threads-slot'
import { cachedFragment } from '@/lib/render/fragment-cache'
import { postVersion } from '@/lib/render/post-version'
import { ThreadCardFrame } from './thread-card-frame'
import { CARD_POSTS_CLASS, ThreadCardPostList } from './thread-card-posts'

const ownNothing = () => false

/** Each card as HTML, in the order given, and the cards' threads as one JSON array. */
export function threadCardsHtml({ threads, showFlags }: BoardThreadsInput): BoardThreadsHtml {
  const items: string[] = []
  const json: string[] = []
  for (const thread of threads) {
    const { op, latestReplies, ...fields } = thread
    // The card's posts by version (lib/render/post-version.ts): the whole posts as JSON took 100 cards 2.8–3.5 ms.
    // The thread's own fields go in whole (its opening post's text among them, up to 2,000 characters): a card
    // drawn from a changed field can then never be taken for the old one.
    const posts = [op, ...latestReplies].map((p) => `${p.id}:${postVersion(p)}`).join(',')
    const input = `${showFlags}|${JSON.stringify(fields)}|${posts}`
    items.push(
      cachedFragment(`board-card:${thread.id}`, input, () =>
        // Ids from useId are unique within one render: each fragment is its own, so each gets its own prefix.
        renderToStaticMarkup(
          <ThreadCardFrame
            thread={thread}
            posts={
              <div className={CARD_POSTS_CLASS}>
                <ThreadCardPostList thread={thread} showFlags={showFlags} isOwn={ownNothing} />
              </div>
            }
          />,
          { identifierPrefix: `t${thread.id}-` },
        ),
      ),
    )
    json.push(cachedFragment(`board-card-json:${thread.id}`, input, () => JSON.stringify(thread)))
  }
  return { items, json: `[${json.join(',')}]` }
}
