// The HTML of a thread's post list, made from one cached fragment per post: after a reply, a thread page costs the
// new post's fragment (and those of the posts it quotes, whose backlinks changed) plus joining strings, instead of
// React rendering all its posts again. Each fragment is the browser's own component (ThreadPostItem) rendered to
// static markup, so what a reader without JavaScript sees is what the page shows once its scripts run.
//
// Server only, and outside Next: server.ts loads this file (Next's server components may not import
// react-dom/server) and registers `threadPostsHtml` for the thread page to call (lib/render/thread-posts-slot.ts).
import { renderToStaticMarkup } from 'react-dom/server'
import * as surveyView from '@/components/survey/survey-view'
import { provideSurveyView } from '@/components/survey/survey-view-on-demand'
import { backlinksOf } from '@/lib/client/thread-state'
import { postReferences } from '@/lib/markup/parse'
import type { PublicPost } from '@/lib/posts/types'
import { cachedFragment } from '@/lib/render/fragment-cache'
import { postVersion } from '@/lib/render/post-version'
import type { ThreadPostsHtml, ThreadPostsInput } from '@/lib/render/thread-posts-slot'
import { ThreadPost } from './thread-posts'

// Polls are drawn in the same pass as their post: the browser fetches their code on demand, this renderer has it.
provideSurveyView(surveyView)

/** What one post's fragment depends on besides the post: all of it goes into the cache key. */
interface Context {
  boardId: string
  threadId: number
  archived: boolean
  showFlags: boolean
  countryName: string | undefined
  /** Where each post the text quotes points; quoted posts not named here are in this thread. */
  hrefs: Record<number, string>
  replies: number[] | undefined
  survey: ThreadPostsInput['surveyResults'][number] | undefined
}

const quoteNothing = () => {}

function renderFragment(post: PublicPost, context: Context): string {
  const { hrefs } = context
  return renderToStaticMarkup(
    <ThreadPost
      boardId={context.boardId}
      threadId={context.threadId}
      post={post}
      archived={context.archived}
      // As the browser's list renders it for a visitor the page knows nothing of: no own posts, nothing hidden.
      refs={{ hrefFor: (id) => hrefs[id] ?? `#post-${id}`, isOwn: () => false }}
      replies={context.replies}
      highlighted={false}
      showFlags={context.showFlags}
      countryName={context.countryName}
      survey={context.survey}
      surveyVersion={0}
      onQuote={quoteNothing}
    />,
    // Ids from useId are unique within one render: each fragment is its own, so each gets its own prefix.
    { identifierPrefix: `p${post.id}-` },
  )
}

/** The list's items (each goes into an element of its own) and the posts as JSON, in the same order. */
export function threadPostsHtml(input: ThreadPostsInput): ThreadPostsHtml {
  const inThread = new Set(input.posts.map((p) => p.id))
  const backlinks = backlinksOf(input.posts)
  const items: string[] = []
  const json: string[] = []
  for (const post of input.posts) {
    const hrefs: Record<number, string> = {}
    for (const id of postReferences(post)) if (!inThread.has(id)) hrefs[id] = input.crossRefs[id] ?? `/post/${id}`
    const context: Context = {
      boardId: input.boardId,
      threadId: input.threadId,
      archived: input.archived,
      showFlags: input.showFlags,
      countryName: post.country_code ? input.countryNames[post.country_code] : undefined,
      hrefs,
      replies: backlinks.get(post.id),
      survey: input.surveyResults[post.id],
    }
    const version = postVersion(post)
    const postJson = cachedFragment(`thread-post-json:${post.id}`, version, () => JSON.stringify(post))
    const key = `${version}\n${JSON.stringify(context)}`
    items.push(cachedFragment(`thread-post:${post.id}`, key, () => renderFragment(post, context)))
    json.push(postJson)
  }
  return { items, json: `[${json.join(',')}]` }
}
