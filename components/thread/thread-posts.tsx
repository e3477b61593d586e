import type { RefContext } from '@/components/post/post-body'
import { PostView } from '@/components/post/post-view'
import { SurveyViewOnDemand } from '@/components/survey/survey-view-on-demand'
import type { PublicPost } from '@/lib/posts/types'
import type { SurveyResults } from '@/lib/surveys/types'

/** The list's own element; the server's copy of the list (lib/render/thread-posts-html.tsx) uses it too. */
export const THREAD_POSTS_CLASS = 'space-y-2'

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
  return (
    <div className={THREAD_POSTS_CLASS}>
      {props.posts.map((post) => {
        const survey = props.surveyResults[post.id]
        return (
          <ThreadPostItem
            key={post.id}
            boardId={props.boardId}
            threadId={props.threadId}
            post={post}
            archived={props.archived}
            refs={props.refs}
            replies={props.backlinks.get(post.id)}
            isNew={props.newIds.has(post.id)}
            highlighted={props.highlight === post.id}
            showFlags={props.showFlags}
            countryName={post.country_code ? props.countryNames[post.country_code] : undefined}
            survey={survey}
            surveyVersion={survey ? (props.surveyVersions[survey.id] ?? 0) : 0}
            onQuote={props.onQuote}
            onDelete={props.onDelete}
          />
        )
      })}
    </div>
  )
}

export interface ThreadPostItemProps {
  boardId: string
  threadId: number
  post: PublicPost
  archived: boolean
  refs: RefContext
  replies: number[] | undefined
  isNew: boolean
  highlighted: boolean
  showFlags: boolean
  countryName: string | undefined
  survey: SurveyResults | undefined
  surveyVersion: number
  onQuote: (postId: number) => void
  onDelete?: (postId: number) => void
}

/** One post of the list, in the element that tints it while it is new. */
export function ThreadPostItem(props: ThreadPostItemProps) {
  return (
    <div className={props.isNew ? 'post-new rounded' : undefined}>
      <ThreadPost {...props} />
    </div>
  )
}

/** A post of the list with its poll: drawn here in the browser, and once per version on the server. */
export function ThreadPost({ post, survey, ...props }: Omit<ThreadPostItemProps, 'isNew'> & { isNew?: boolean }) {
  return (
    <PostView
      post={post}
      refs={props.refs}
      replies={props.replies}
      archived={props.archived}
      showFlags={props.showFlags}
      countryName={props.countryName}
      highlighted={props.highlighted}
      onQuote={props.onQuote}
      onDelete={props.onDelete}
    >
      {survey && (
        <SurveyViewOnDemand
          boardId={props.boardId}
          threadId={props.threadId}
          postId={post.id}
          initial={survey}
          archived={props.archived}
          version={props.surveyVersion}
        />
      )}
    </PostView>
  )
}
