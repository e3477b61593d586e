'use client'
import { useState } from 'react'
import type { PublicPost } from '@/lib/posts/types'

const DEFAULT_VOLUME = 0.5
const setVolume = (el: HTMLMediaElement | null) => {
  if (el) el.volume = DEFAULT_VOLUME
}

/**
 * The post's file: a thumbnail (150 px, 80 px compact) that expands in place to the full image (at most 800 px
 * high) on click; videos and audio play inline at volume 0.5. Without JavaScript the thumbnail links to the file.
 */
export function PostMedia({ post, compact = false }: { post: PublicPost; compact?: boolean }) {
  const [expanded, setExpanded] = useState(false)
  if (!post.image_url) return null
  const size = compact ? 80 : 150
  if (post.file_type === 'video' && !compact) {
    return (
      <video
        ref={setVolume}
        src={post.image_url}
        poster={post.thumbnail_url ?? undefined}
        controls
        preload="none"
        className="float-left mr-3 mb-1 max-h-[800px] max-w-full"
        style={{ maxWidth: 400 }}
      />
    )
  }
  if (post.file_type === 'audio' && !compact) {
    return <audio ref={setVolume} src={post.image_url} controls preload="none" className="mb-2 block" />
  }
  const full = expanded && post.file_type === 'image'
  return (
    <a
      href={post.image_url}
      target="_blank"
      rel="noopener"
      className={`${full ? 'block' : 'float-left'} mr-3 mb-1`}
      data-media-link
      onClick={(e) => {
        if (post.file_type === 'image') {
          e.preventDefault()
          setExpanded((x) => !x)
        }
      }}
    >
      {/* eslint-disable-next-line @next/next/no-img-element -- user media is served pre-sized, not through the optimizer */}
      <img
        src={full ? post.image_url : (post.thumbnail_url ?? post.image_url)}
        alt={`${post.file_type ?? 'file'} attached to post ${post.id}`}
        loading="lazy"
        style={full ? { maxHeight: 800, maxWidth: '100%' } : { maxWidth: size, maxHeight: size }}
        className="rounded border border-slate-200"
      />
    </a>
  )
}
