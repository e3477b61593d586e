'use client'
import { PostBody } from '@/components/post/post-body'
import { SpoilerPlaceholder } from '@/components/post/spoiler-placeholder'
import { truncate, CUTS } from '@/lib/markup/parse'
import type { PublicPost } from '@/lib/posts/types'
import { formatTimestamp } from '@/lib/ui/relative-time'

const GAP = 12
const MARGIN = 8
const MAX_WIDTH = 448

/**
 * A cut that ends inside a spoiler closes it, so the hidden part stays hidden: an unclosed "[spoiler]" would read
 * as plain text and show what it hides.
 */
function spoilerSafe(text: string): string {
  const open = text.toLowerCase().lastIndexOf('[spoiler]')
  return open >= 0 && text.toLowerCase().indexOf('[/spoiler]', open) < 0 ? `${text}[/spoiler]` : text
}

/**
 * The floating preview of a >>reference: the post as it is rendered in the thread (green and red text, spoilers
 * hidden, links), cut at 200 characters, kept inside the viewport.
 */
export function RefPreview({ post, x, y }: { post: PublicPost; x: number; y: number }) {
  const { text, truncated } = truncate(post.content, CUTS.preview.chars, CUTS.preview.lines)
  const viewport = typeof window === 'undefined' ? 1024 : window.innerWidth
  const width = Math.min(MAX_WIDTH, viewport - 2 * MARGIN)
  const left = Math.max(MARGIN, Math.min(x + GAP, viewport - width - MARGIN))
  return (
    <div
      role="tooltip"
      data-testid="ref-preview"
      className="pointer-events-none fixed z-50 rounded border border-slate-300 bg-white p-2 text-sm shadow-lg"
      style={{ left, top: y + GAP, width }}
    >
      <div className="mb-1 text-xs text-slate-500">
        No. {post.id} · {formatTimestamp(post.created_at)}
      </div>
      {post.spoiler && post.image_url ? (
        <SpoilerPlaceholder size={80} className="float-left mr-2" />
      ) : (
        post.thumbnail_url && (
          // eslint-disable-next-line @next/next/no-img-element -- pre-sized thumbnail
          <img src={post.thumbnail_url} alt="" className="float-left mr-2 max-h-20 max-w-20" />
        )
      )}
      <PostBody content={spoilerSafe(text) + (truncated ? '…' : '')} refs={{ hrefFor: (id) => `#post-${id}` }} />
    </div>
  )
}
