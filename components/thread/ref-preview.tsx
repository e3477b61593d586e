'use client'
import type { PublicPost } from '@/lib/posts/types'
import { truncate, CUTS } from '@/lib/markup/parse'
import { formatTimestamp } from '@/lib/ui/relative-time'

/** The floating preview shown while hovering a >>reference: the post's content cut at 200 characters. */
export function RefPreview({ post, x, y }: { post: PublicPost; x: number; y: number }) {
  const { text, truncated } = truncate(post.content, CUTS.preview.chars, CUTS.preview.lines)
  return (
    <div role="tooltip" data-testid="ref-preview" className="pointer-events-none fixed z-50 max-w-md rounded border border-slate-300 bg-white p-2 text-sm shadow-lg"
      style={{ left: Math.min(x + 12, (typeof window === 'undefined' ? 1000 : window.innerWidth) - 420), top: y + 12 }}>
      <div className="mb-1 text-xs text-slate-500">No. {post.id} · {formatTimestamp(post.created_at)}</div>
      {post.thumbnail_url && (
        // eslint-disable-next-line @next/next/no-img-element -- pre-sized thumbnail
        <img src={post.thumbnail_url} alt="" className="float-left mr-2 max-h-20 max-w-20" />
      )}
      <p className="whitespace-pre-wrap break-words">{text}{truncated ? '…' : ''}</p>
    </div>
  )
}
