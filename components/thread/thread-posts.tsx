import type { RefContext } from '@/components/post/post-body'
import { PostView } from '@/components/post/post-view'
import { SurveyView } from '@/components/survey/survey-view'
import type { PublicPost } from '@/lib/posts/types'
import type { SurveyResults } from '@/lib/surveys/types'

export interface ThreadPostsProps {
  boardId: string
  threadId: number
  posts: PublicPost[]
  archived: boolean
  refs: RefContext
  backlinks: ReadonlyMap<number, number[]>
  /** Posts that have just arrived, tinted for a moment. */
  newIds: ReadonlySet<number>
  highlight: number | null
  showFlags: boolean
  countryNames: Record<string, string>
  /** Server-rendered poll results, by the post they are attached to. */
  surveyResults: Record<number, SurveyResults>
  /** Votes announced per survey id, so each poll knows when to refresh. */
  surveyVersions: Record<number, number>
  onQuote: (postId: number) => void
  onDelete: (postId: number) => void
}

/** The thread's posts in order, each with its poll if it has one. */
export function ThreadPosts(props: ThreadPostsProps) {
  const { boardId, threadId, archived } = props
  return (
    <div className="space-y-2">
      {props.posts.map((post) => {
        const survey = props.surveyResults[post.id]
        return (
          <div key={post.id} className={props.newIds.has(post.id) ? 'post-new rounded' : undefined}>
            <PostView
              post={post}
              refs={props.refs}
              replies={props.backlinks.get(post.id)}
              archived={archived}
              showFlags={props.showFlags}
              countryName={post.country_code ? props.countryNames[post.country_code] : undefined}
              highlighted={props.highlight === post.id}
              onQuote={props.onQuote}
              onDelete={props.onDelete}
            >
              {survey && (
                <SurveyView
                  boardId={boardId}
                  threadId={threadId}
                  postId={post.id}
                  initial={survey}
                  archived={archived}
                  version={props.surveyVersions[survey.id] ?? 0}
                />
              )}
            </PostView>
          </div>
        )
      })}
    </div>
  )
}
