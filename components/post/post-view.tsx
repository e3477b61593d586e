'use client'
import { lazy, Suspense, type ReactNode } from 'react'
import { HIDE_GLYPH } from '@/components/ui/glyphs'
import { Timestamp } from '@/components/ui/timestamp'
import { useAdminUser } from '@/lib/client/admin-user'
import { toggleHidden, useLocalState } from '@/lib/client/local-state'
import { CUTS } from '@/lib/markup/parse'
import type { PublicPost } from '@/lib/posts/types'
import { posterIdColor } from '@/lib/ui/poster-id-color'
import { CountryFlag } from './country-flag'
import type { RefContext } from './post-body'
import { PostMedia } from './post-media'
import { PostText } from './post-text'
import { ReportButton } from './report-button'

// Staff tools load only once the browser knows a staff user (never during server rendering or hydration), so
// visitors never download them. React.lazy rather than next/dynamic: no server rendering to support, and
// next/dynamic would add its own runtime to every visitor's page.
const StaffMenu = lazy(() => import('./staff-menu').then((m) => ({ default: m.StaffMenu })))

export interface PostViewProps {
  post: PublicPost
  refs: RefContext
  /** Post ids that reference this one (backlinks). */
  replies?: number[]
  archived?: boolean
  compact?: boolean
  showFlags?: boolean
  countryName?: string
  onQuote?: (postId: number) => void
  onDelete?: (postId: number) => void
  highlighted?: boolean
  /** Shown under the post's text (a poll). */
  children?: ReactNode
}

const COLORS: Record<string, string> = {
  black: 'text-slate-900',
  red: 'text-red-600',
  orange: 'text-orange-600',
  yellow: 'text-yellow-600',
  green: 'text-green-700',
  blue: 'text-blue-700',
  purple: 'text-purple-700',
  brown: 'text-amber-800',
}

export function PostView({
  post,
  refs,
  replies = [],
  archived = false,
  compact = false,
  showFlags = false,
  countryName,
  onQuote,
  onDelete,
  highlighted,
  children,
}: PostViewProps) {
  const local = useLocalState()
  const hiddenPost = local.hiddenPosts.has(post.id)
  const hiddenUser = post.thread_user_id !== null && local.hiddenUsers.has(post.thread_user_id)
  const own = local.ownPosts.has(post.id)
  const staff = useAdminUser()

  if (hiddenPost || hiddenUser) {
    return (
      <article
        id={`post-${post.id}`}
        data-post-id={post.id}
        className="rounded border border-dashed border-slate-300 bg-slate-50 px-3 py-1 text-xs text-slate-500"
      >
        {hiddenPost ? 'Post hidden' : 'User hidden'}{' '}
        <button
          type="button"
          className="text-board-link hover:underline"
          aria-label={`Show post ${post.id}`}
          onClick={() =>
            hiddenPost ? toggleHidden('hiddenPosts', post.id) : toggleHidden('hiddenUsers', post.thread_user_id!)
          }
        >
          [show]
        </button>
      </article>
    )
  }

  const cut = post.is_op ? CUTS.op : CUTS.reply
  return (
    <article
      id={`post-${post.id}`}
      data-post-id={post.id}
      className={`rounded border border-slate-200 bg-white px-3 py-2 ${compact ? 'text-sm' : ''} ${highlighted ? 'post-highlight' : ''}`}
    >
      <header className="mb-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
        <button
          type="button"
          onClick={() => toggleHidden('hiddenPosts', post.id)}
          aria-label={`Hide post ${post.id}`}
          className="text-slate-500 hover:text-slate-700"
          dangerouslySetInnerHTML={HIDE_GLYPH}
        />
        {post.is_op && <span className="rounded bg-blue-600 px-1.5 py-0.5 font-semibold text-white">OP</span>}
        {onQuote && !archived ? (
          <button
            type="button"
            onClick={() => onQuote(post.id)}
            className="font-mono text-board-link hover:underline"
            title="Quote this post"
          >
            No. {post.id}
          </button>
        ) : (
          <span className="font-mono" title={archived ? 'Cannot quote posts in archived threads' : undefined}>
            No. {post.id}
          </span>
        )}
        {post.thread_user_id && (
          <span className="inline-flex items-center gap-1">
            <span
              className="rounded px-1.5 py-0.5 font-mono text-[11px]"
              style={posterIdColor(post.thread_user_id)}
              title="Poster ID in this thread"
            >
              ID: {post.thread_user_id}
            </span>
            <button
              type="button"
              onClick={() => toggleHidden('hiddenUsers', post.thread_user_id!)}
              className="text-slate-500 hover:text-slate-700"
              aria-label={`Hide poster ${post.thread_user_id}`}
            >
              [hide user]
            </button>
          </span>
        )}
        {showFlags && post.country_code && (
          <CountryFlag code={post.country_code} name={countryName ?? post.country_code} />
        )}
        <Timestamp iso={post.created_at} />
        {own && <span className="font-semibold text-slate-500">(You)</span>}
        <ReportButton boardId={post.board_id} postId={post.id} />
        {staff && !archived && (
          <Suspense fallback={null}>
            <StaffMenu post={post} staff={staff} />
          </Suspense>
        )}
        {own && onDelete && !archived && (
          <button type="button" onClick={() => onDelete(post.id)} className="text-red-600 hover:underline">
            Delete
          </button>
        )}
        {replies.length > 0 && (
          <span className="flex flex-wrap gap-1">
            {replies.map((id) => (
              <a key={id} href={refs.hrefFor(id)} data-ref={id} className="text-board-link hover:underline">
                &gt;&gt;{id}
                {local.ownPosts.has(id) ? ' (You)' : ''}
              </a>
            ))}
          </span>
        )}
      </header>
      {post.isBanned && (
        <p className="mb-1 font-bold uppercase text-red-600" title={post.banInfo?.reason}>
          (USER WAS BANNED FOR THIS POST)
        </p>
      )}
      <div className={`flow-root ${COLORS[post.color] ?? ''}`}>
        <PostMedia post={post} compact={compact} />
        {post.content && <PostText content={post.content} cut={compact ? CUTS.reply : cut} refs={refs} />}
      </div>
      {children}
    </article>
  )
}
