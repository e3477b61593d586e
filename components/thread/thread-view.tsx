'use client'
import { lazy, Suspense, useEffect, useMemo, useState } from 'react'
import { MediaExpansionProvider } from '@/components/post/media-expansion'
import type { RefContext } from '@/components/post/post-body'
import { useSurveyViewReady } from '@/components/survey/survey-view-on-demand'
import { ServerHtml } from '@/components/ui/server-html'
import type { CaptchaMode } from '@/lib/captcha/modes'
import { useAdminUser } from '@/lib/client/admin-user'
import { useLocalState } from '@/lib/client/local-state'
import { backlinksOf } from '@/lib/client/thread-state'
import { useHydrated } from '@/lib/client/use-hydrated'
import { useReplyAlerts } from '@/lib/client/use-reply-alerts'
import { useThread } from '@/lib/client/use-thread'
import { useWatchedSeen } from '@/lib/client/use-watched-seen'
import { labelFor } from '@/lib/client/watcher-state'
import type { PublicPost } from '@/lib/posts/types'
import { dataSlotOf, slotData } from '@/lib/render/slot-reader'
import { THREAD_POST_COUNT_SLOT, type ThreadFacts, type ThreadPostsSlotData } from '@/lib/render/thread-posts-slot'
import type { SurveyResults } from '@/lib/surveys/types'
import type { PublicThread } from '@/lib/threads/types'
import { NewPostsButton } from './new-posts-button'
import { RefPreview } from './ref-preview'
import { ReplyForm } from './reply-form'
import { ThreadHeader } from './thread-header'
import { THREAD_POSTS_CLASS, ThreadPosts } from './thread-posts'
import { useReferenceLinks } from './use-reference-links'

// Only once the browser knows a staff user (as the staff menu in PostView): visitors never download it.
const StaffThreadControls = lazy(() =>
  import('./staff-thread-controls').then((m) => ({ default: m.StaffThreadControls })),
)

export interface ThreadViewProps {
  boardId: string
  /** The thread; without its post count and bump time when `postsSlot` is given (the slot has them). */
  thread: PublicThread | ThreadFacts
  /** The posts, unless `postsSlot` names where the server put them. */
  posts: PublicPost[]
  /**
   * On a page load: the slot holding the post list as HTML (lib/render/thread-posts-slot.ts), with the posts, the
   * thread's counts, country names and links to other threads as JSON for the browser. The list stays that HTML
   * until the page has hydrated, then is drawn here.
   */
  postsSlot?: string
  bumpLimit: number
  /** hrefs for references to posts in other threads, resolved on the server (in the slot, with `postsSlot`). */
  crossRefs?: Record<number, string>
  showFlags: boolean
  /** The board's captcha setting, for the reply form. */
  captchaMode: CaptchaMode
  /** Names of the posters' countries (in the slot, with `postsSlot`). */
  countryNames?: Record<string, string>
  /** Server-rendered poll results, by the post they are attached to. */
  surveyResults: Record<number, SurveyResults>
  quote?: number
}

/** An open thread: its posts kept up to date live (lib/client/use-thread.ts), the reply form under them. */
export function ThreadView(props: ThreadViewProps) {
  const { boardId, postsSlot } = props
  const [initial] = useState(() => initialState(props))
  const { state, status, catchUp, deleteOwn, showLatest } = useThread(boardId, initial.thread, initial.posts)
  // The server's HTML list is replaced once the page runs (hydration must first find what the server drew).
  // A page with polls also waits for the polls' code, which is fetched only by pages that show one.
  const pollsReady = useSurveyViewReady(Object.keys(props.surveyResults).length > 0)
  const drawn = useHydrated() && pollsReady
  // Restored from the router's cache, the page has the slot's name but not its HTML: the posts are fetched.
  useEffect(() => {
    if (initial.missing) void catchUp()
  }, [initial.missing, catchUp])
  const { thread, posts } = state
  const crossRefs = props.crossRefs ?? initial.crossRefs
  const countryNames = props.countryNames ?? initial.countryNames
  // The text the reply form inserts: `seq` tells a second quote of the same post from the first.
  const [insert, setInsert] = useState<{ text: string; seq: number } | undefined>(
    props.quote ? { text: `>>${props.quote}\n`, seq: 0 } : undefined,
  )
  const local = useLocalState()
  useReplyAlerts(posts, local.ownPosts)
  useWatchedSeen(boardId, thread.id, state.lastId)
  const staff = useAdminUser()
  const byId = useMemo(() => new Map(posts.map((p) => [p.id, p])), [posts])
  const { highlight, preview, handlers } = useReferenceLinks(byId)

  const refs: RefContext = useMemo(
    () => ({
      hrefFor: (id) => (byId.has(id) ? `#post-${id}` : (crossRefs[id] ?? `/post/${id}`)),
      isOwn: (id) => local.ownPosts.has(id),
    }),
    [byId, crossRefs, local.ownPosts],
  )
  const backlinks = useMemo(() => backlinksOf(posts), [posts])

  if (state.deleted) {
    return (
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-700">
        This thread no longer exists or has been deleted.
      </p>
    )
  }
  const archived = thread.is_dead
  return (
    <div className="space-y-3" {...handlers}>
      <ThreadHeader
        thread={thread}
        shownPosts={posts.length}
        shownPostsSlot={!drawn && postsSlot ? THREAD_POST_COUNT_SLOT : undefined}
        bumpLimit={props.bumpLimit}
        status={status}
        lastPostId={state.lastId}
        watchLabel={labelFor(thread.topic, posts[0]?.content ?? '', thread.id)}
      />
      {staff && !archived && (
        <Suspense fallback={null}>
          <StaffThreadControls staff={staff} boardId={boardId} threadId={thread.id} isSticky={thread.is_sticky} />
        </Suspense>
      )}
      {state.notice && (
        <p role="alert" className="text-sm text-red-600">
          {state.notice}
        </p>
      )}
      <MediaExpansionProvider>
        {(expandAll) => (
          <>
            <div className="flex justify-end">{expandAll}</div>
            {!drawn && postsSlot ? (
              <ServerHtml slot={postsSlot} className={THREAD_POSTS_CLASS} />
            ) : (
              <ThreadPosts
                boardId={boardId}
                threadId={thread.id}
                posts={posts}
                archived={archived}
                refs={refs}
                backlinks={backlinks}
                newIds={state.newIds}
                highlight={highlight}
                showFlags={props.showFlags}
                countryNames={countryNames}
                surveyResults={props.surveyResults}
                surveyVersions={state.surveyVersions}
                onQuote={(id) => setInsert((i) => ({ text: `>>${id}\n`, seq: (i?.seq ?? 0) + 1 }))}
                onDelete={deleteOwn}
              />
            )}
          </>
        )}
      </MediaExpansionProvider>
      {postsSlot && <ServerHtml slot={dataSlotOf(postsSlot)} hidden />}
      <NewPostsButton count={state.unseen} onClick={showLatest} />
      {archived ? (
        <p className="text-sm text-slate-600">This thread has been archived and no longer accepts new posts</p>
      ) : (
        <ReplyForm
          boardId={boardId}
          threadId={thread.id}
          atBumpLimit={thread.post_count >= props.bumpLimit}
          captchaMode={props.captchaMode}
          insert={insert}
          onPosted={() => void catchUp()}
        />
      )}
      {preview && <RefPreview {...preview} />}
    </div>
  )
}

/**
 * The thread, posts and what goes with them to start from: the props', the slot's while the server renders, or the
 * JSON the slot's HTML carried. A page restored from the router's cache has neither: it starts empty and fetches
 * the thread and posts.
 */
function initialState({ thread, posts, postsSlot }: ThreadViewProps): ThreadPostsSlotData & {
  thread: PublicThread
  missing: boolean
} {
  if (!postsSlot) return { thread: thread as PublicThread, posts, countryNames: {}, crossRefs: {}, missing: false }
  const fromSlot = slotData<ThreadPostsSlotData>(postsSlot)
  // Restored without it, links to other threads go through /post/{id} and flags name their country by its code.
  const counts = fromSlot?.thread ?? { post_count: 0, updated_at: thread.created_at }
  return {
    thread: { ...thread, ...counts },
    posts: fromSlot?.posts ?? [],
    countryNames: fromSlot?.countryNames ?? {},
    crossRefs: fromSlot?.crossRefs ?? {},
    missing: !fromSlot,
  }
}
