import type { PublicPost } from '@/lib/posts/types'

/** The post's file: a linked thumbnail (150 px, 80 px compact); videos and audio play inline. */
export function PostMedia({ post, compact = false }: { post: PublicPost; compact?: boolean }) {
  if (!post.image_url) return null
  const size = compact ? 80 : 150
  if (post.file_type === 'video' && !compact) {
    return <video src={post.image_url} poster={post.thumbnail_url ?? undefined} controls preload="none" className="float-left mr-3 mb-1 max-h-[800px] max-w-full" style={{ maxWidth: 400 }} data-volume="0.5" />
  }
  if (post.file_type === 'audio' && !compact) {
    return <audio src={post.image_url} controls preload="none" className="mb-2 block" data-volume="0.5" />
  }
  return (
    <a href={post.image_url} target="_blank" rel="noopener" className="float-left mr-3 mb-1 block" data-media-link>
      {/* eslint-disable-next-line @next/next/no-img-element -- user media is served pre-sized, not through the optimizer */}
      <img src={post.thumbnail_url ?? post.image_url} alt={`${post.file_type ?? 'file'} attached to post ${post.id}`} loading="lazy"
        style={{ maxWidth: size, maxHeight: size }} className="rounded border border-slate-200" />
    </a>
  )
}
