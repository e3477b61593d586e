'use client'
import type { MouseEvent } from 'react'
import type { PublicPost } from '@/lib/posts/types'
import { FileInfoLine } from './file-info-line'
import { useExpanded } from './media-expansion'
import { SpoilerPlaceholder } from './spoiler-placeholder'

const DEFAULT_VOLUME = 0.5
const setVolume = (el: HTMLMediaElement | null) => {
  if (el) el.volume = DEFAULT_VOLUME
}
const EXPANDED_MAX_HEIGHT = 800

/**
 * The post's file under its info line. A thumbnail (150 px, 80 px compact) opens in place on click: an image to
 * its full size (fitting the page's width), a video to a looping player; audio plays inline. A spoilered file shows
 * the neutral placeholder until clicked. Without JavaScript the thumbnail (or placeholder) links to the file.
 */
export function PostMedia({ post, compact = false }: { post: PublicPost; compact?: boolean }) {
  const image = post.file_type === 'image'
  const [open, setOpen] = useExpanded(image && !post.spoiler)
  if (!post.image_url) return null
  const size = compact ? 80 : 150
  const toggle = (e: MouseEvent) => {
    e.preventDefault()
    setOpen((o) => !o)
  }
  const kind = post.file_type ?? 'file'

  let body
  if (post.file_type === 'audio' && (open || !post.spoiler)) {
    body = (
      <audio
        ref={setVolume}
        src={post.image_url}
        controls
        preload="none"
        className="mb-2 block max-w-full"
        data-media="player"
      />
    )
  } else if (post.file_type === 'video' && open) {
    body = (
      <span className="mr-3 mb-1 block max-w-full" data-media="player">
        <video
          ref={setVolume}
          src={post.image_url}
          controls
          loop
          autoPlay
          className="block max-w-full"
          style={{ maxHeight: EXPANDED_MAX_HEIGHT }}
        />
        <button type="button" onClick={toggle} className="text-xs text-board-link hover:underline">
          [close]
        </button>
      </span>
    )
  } else {
    const full = open && image
    body = (
      <a
        href={post.image_url}
        target="_blank"
        rel="noopener"
        className={`${full ? 'block max-w-full' : 'float-left'} mr-3 mb-1`}
        data-media-link
        data-media={full ? 'full' : post.spoiler ? 'spoiler' : 'thumbnail'}
        onClick={toggle}
      >
        {post.spoiler && !open ? (
          <SpoilerPlaceholder size={size} />
        ) : (
          // eslint-disable-next-line @next/next/no-img-element -- user media is served pre-sized, not through the optimizer
          <img
            src={full ? post.image_url : (post.thumbnail_url ?? post.image_url)}
            alt={`${kind} attached to post ${post.id}`}
            loading="lazy"
            style={full ? { maxHeight: EXPANDED_MAX_HEIGHT, maxWidth: '100%' } : { maxWidth: size, maxHeight: size }}
            className="rounded border border-slate-200"
          />
        )}
      </a>
    )
  }
  return (
    <>
      <FileInfoLine post={post} />
      {body}
    </>
  )
}
