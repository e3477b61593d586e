'use client'
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react'
import { useRouter } from 'next/navigation'
import type { PublicPost } from '@/lib/posts/types'
import type { PublicThread } from '@/lib/threads/types'
import { DEAD_THREAD_RETENTION_MS } from '@/lib/time'
import { referencedPostIds } from '@/lib/markup/parse'
import { useLocalState, forgetOwn } from '@/lib/client/local-state'
import { useRoom } from '@/lib/client/use-room'
import { messageFor, type ErrorBody } from '@/lib/client/error-messages'
import { PostView } from '@/components/post/post-view'
import type { RefContext } from '@/components/post/post-body'
import { LiveIndicator } from '@/components/ui/live-indicator'
import { ArchivedBanner } from './archived-banner'
import { RefPreview } from './ref-preview'
import { ReplyForm } from './reply-form'
import { PollView } from '@/components/survey/poll-view'
import { useAdminUser } from '@/lib/client/admin-user'
import type { SurveyResults } from '@/lib/surveys/types'

// Only once the browser knows a staff user (as the staff menu in PostView): visitors never download it.
const StaffThreadControls = lazy(() => import('./staff-thread-controls').then((m) => ({ default: m.StaffThreadControls })))

export interface ThreadViewProps {
  boardId: string
  thread: PublicThread
  posts: PublicPost[]
  bumpLimit: number
  /** hrefs for references to posts in other threads, resolved on the server. */
  crossRefs: Record<number, string>
  showFlags: boolean
  countryNames: Record<string, string>
  /** Server-rendered poll results, by the post they are attached to. */
  surveyResults: Record<number, SurveyResults>
  quote?: number
}

const JUMP_OFFSET = 80
const NEW_FLAG_MS = 500
const HIGHLIGHT_MS = 2000

export function ThreadView(props: ThreadViewProps) {
  const { boardId } = props
  const [thread, setThread] = useState(props.thread)
  const [posts, setPosts] = useState(props.posts)
  const [deleted, setDeleted] = useState(false)
  const [newIds, setNewIds] = useState<ReadonlySet<number>>(new Set())
  const [unseen, setUnseen] = useState(0)
  const [highlight, setHighlight] = useState<number | null>(null)
  const [preview, setPreview] = useState<{ post: PublicPost; x: number; y: number } | null>(null)
  const [insert, setInsert] = useState<{ text: string; seq: number } | undefined>(props.quote ? { text: `>>${props.quote}\n`, seq: 0 } : undefined)
  const [notice, setNotice] = useState<string | null>(null)
  const [pollVersions, setPollVersions] = useState<Record<number, number>>({})
  const local = useLocalState()
  const staff = useAdminUser()
  const router = useRouter()
  const lastId = useRef(props.posts.at(-1)?.id ?? 0)
  const byId = useMemo(() => new Map(posts.map((p) => [p.id, p])), [posts])

  const refs: RefContext = useMemo(() => ({
    hrefFor: (id) => (byId.has(id) ? `#post-${id}` : props.crossRefs[id] ?? `/post/${id}`),
    isOwn: (id) => local.ownPosts.has(id),
  }), [byId, props.crossRefs, local.ownPosts])

  const backlinks = useMemo(() => {
    const map = new Map<number, number[]>()
    for (const p of posts) for (const id of referencedPostIds(p.content)) if (id !== p.id) map.set(id, [...(map.get(id) ?? []), p.id])
    return map
  }, [posts])

  const addPosts = useCallback((incoming: PublicPost[], live: boolean) => {
    const fresh = incoming.filter((p) => p.id > lastId.current)
    if (!fresh.length) return
    lastId.current = Math.max(lastId.current, ...fresh.map((p) => p.id))
    setPosts((current) => {
      const known = new Set(current.map((p) => p.id))
      return [...current, ...fresh.filter((p) => !known.has(p.id))]
    })
    if (!live) return
    const ids = fresh.map((p) => p.id)
    setNewIds((s) => new Set([...s, ...ids]))
    setTimeout(() => setNewIds((s) => new Set([...s].filter((id) => !ids.includes(id)))), NEW_FLAG_MS)
    const fromBottom = document.documentElement.scrollHeight - window.scrollY - window.innerHeight
    if (fromBottom > 100) setUnseen((n) => n + fresh.length)
  }, [])

  const fetchMissed = useCallback(async () => {
    const res = await fetch(`/api/boards/${boardId}/threads/${thread.id}/posts?includeSurveys=true&after=${lastId.current}`)
    if (!res.ok) return
    const body = await res.json() as { posts: PublicPost[]; thread: PublicThread }
    setThread(body.thread)
    addPosts(body.posts, true)
  }, [boardId, thread.id, addPosts])

  const status = useRoom(`${boardId}-${thread.id}`, {
    post_created: (e) => {
      if (e.threadId !== thread.id) return
      setThread((t) => ({ ...t, post_count: e.postCount }))
      addPosts([e.post], true)
    },
    post_deleted: (e) => {
      setPosts((ps) => ps.filter((p) => p.id !== e.postId))
      setThread((t) => ({ ...t, post_count: e.postCount }))
    },
    post_color_changed: (e) => setPosts((ps) => ps.map((p) => (p.id === e.postId ? { ...p, color: e.color as PublicPost['color'] } : p))),
    thread_sticky_updated: (e) => setThread((t) => ({ ...t, is_sticky: e.isSticky })),
    thread_died: (e) => setThread((t) => ({ ...t, is_dead: true, died_at: e.diedAt,
      deletes_at: new Date(new Date(e.diedAt).getTime() + DEAD_THREAD_RETENTION_MS).toISOString() })),
    thread_deleted: () => setDeleted(true),
    survey_vote: (e) => setPollVersions((v) => ({ ...v, [e.surveyId]: (v[e.surveyId] ?? 0) + 1 })),
  }, fetchMissed)

  const jumpTo = useCallback((id: number) => {
    const el = document.getElementById(`post-${id}`)
    if (!el) return false
    window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY - JUMP_OFFSET, behavior: 'smooth' })
    setHighlight(id)
    setTimeout(() => setHighlight((h) => (h === id ? null : h)), HIGHLIGHT_MS)
    return true
  }, [])

  useEffect(() => {
    const id = Number(/^#post-(\d+)$/.exec(window.location.hash)?.[1])
    if (!id) return
    const timer = setTimeout(() => jumpTo(id), 0) // after the first paint, so the post is laid out
    return () => clearTimeout(timer)
  }, [jumpTo])

  useEffect(() => {
    const onScroll = () => {
      if (document.documentElement.scrollHeight - window.scrollY - window.innerHeight <= 100) setUnseen(0)
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [])

  const onClick = (e: MouseEvent) => {
    // A tap on a touch screen shows a reference's preview (as a hover) and then clicks: the preview goes with it.
    setPreview(null)
    const a = (e.target as HTMLElement).closest<HTMLAnchorElement>('a[data-ref]')
    if (a && a.getAttribute('href')?.startsWith('#') && jumpTo(Number(a.dataset.ref))) {
      e.preventDefault()
      history.replaceState(null, '', a.getAttribute('href'))
    }
  }
  const onMouseOver = (e: MouseEvent) => {
    const a = (e.target as HTMLElement).closest<HTMLAnchorElement>('a[data-ref]')
    const post = a ? byId.get(Number(a.dataset.ref)) : undefined
    setPreview(post ? { post, x: e.clientX, y: e.clientY } : null)
  }

  async function deleteOwn(postId: number) {
    if (!window.confirm('Delete this post? This cannot be undone.')) return
    const isOp = byId.get(postId)?.is_op
    const res = await fetch(`/api/boards/${boardId}/threads/${thread.id}/posts/${postId}`, { method: 'DELETE' })
    if (!res.ok) return setNotice(messageFor(await res.json().catch(() => null) as ErrorBody, 'Failed to delete post'))
    forgetOwn('ownPosts', postId)
    if (isOp) {
      forgetOwn('ownThreads', thread.id)
      router.push(`/board/${boardId}`)
      return
    }
    setPosts((ps) => ps.filter((p) => p.id !== postId))
  }

  if (deleted) {
    return <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-700">This thread no longer exists or has been deleted.</p>
  }
  const archived = thread.is_dead
  return (
    <div className="space-y-3" onClick={onClick} onMouseOver={onMouseOver} onMouseOut={() => setPreview(null)}>
      {/* The title lives here so that sticky changes show live. */}
      <div className="flex items-center gap-2">
        {thread.is_sticky && <span title="Sticky" aria-label="Sticky" data-testid="sticky-pin">📌</span>}
        <h1 className="text-xl font-bold">{thread.topic}</h1>
      </div>
      {archived && <ArchivedBanner deletesAt={thread.deletes_at} />}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Posts ({posts.length})</h2>
        <div className="flex items-center gap-3">
          {thread.post_count >= props.bumpLimit && <span className="rounded bg-amber-500 px-2 py-0.5 text-xs font-semibold text-white">Bump limit reached</span>}
          <LiveIndicator status={status} />
        </div>
      </div>
      {staff && !archived && (
        <Suspense fallback={null}><StaffThreadControls staff={staff} boardId={boardId} threadId={thread.id} isSticky={thread.is_sticky} /></Suspense>
      )}
      {notice && <p role="alert" className="text-sm text-red-600">{notice}</p>}
      <div className="space-y-2">
        {posts.map((post) => (
          <div key={post.id} className={newIds.has(post.id) ? 'post-new rounded' : undefined}>
            <PostView post={post} refs={refs} replies={backlinks.get(post.id)} archived={archived} showFlags={props.showFlags}
              countryName={post.country_code ? props.countryNames[post.country_code] : undefined} highlighted={highlight === post.id}
              onQuote={(id) => setInsert((i) => ({ text: `>>${id}\n`, seq: (i?.seq ?? 0) + 1 }))} onDelete={deleteOwn}>
              {props.surveyResults[post.id] && (
                <PollView boardId={boardId} threadId={thread.id} postId={post.id} initial={props.surveyResults[post.id]} archived={archived}
                  version={pollVersions[props.surveyResults[post.id].id] ?? 0} />
              )}
            </PostView>
          </div>
        ))}
      </div>
      {unseen > 0 && (
        <button type="button" onClick={() => { setUnseen(0); window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'smooth' }) }}
          className="fixed bottom-6 left-1/2 z-40 -translate-x-1/2 rounded-full bg-blue-600 px-4 py-2 text-sm font-medium text-white shadow-lg">
          New posts available ({unseen})
        </button>
      )}
      {archived ? (
        <p className="text-sm text-slate-600">This thread has been archived and no longer accepts new posts</p>
      ) : (
        <ReplyForm boardId={boardId} threadId={thread.id} atBumpLimit={thread.post_count >= props.bumpLimit} insert={insert} onPosted={() => void fetchMissed()} />
      )}
      {preview && <RefPreview {...preview} />}
    </div>
  )
}
