'use client'
import { useState } from 'react'
import { PLAY_VIDEO_GLYPH } from '@/components/ui/glyphs'

/** A YouTube link that becomes an embedded player only when clicked (no third-party request before that). */
export function YoutubeEmbed({ videoId, href }: { videoId: string; href: string }) {
  const [open, setOpen] = useState(false)
  if (!open) {
    return (
      <span className="my-1 inline-flex items-center gap-2">
        <a
          href={href}
          rel="nofollow ugc noopener noreferrer"
          target="_blank"
          className="text-board-link underline break-all"
        >
          {href}
        </a>
        <button
          type="button"
          onClick={() => setOpen(true)}
          className="rounded bg-red-600 px-2 py-0.5 text-xs font-medium text-white"
          dangerouslySetInnerHTML={PLAY_VIDEO_GLYPH}
        />
      </span>
    )
  }
  return (
    <span className="my-2 block">
      <iframe
        className="aspect-video w-full max-w-xl"
        src={`https://www.youtube-nocookie.com/embed/${videoId}?autoplay=1`}
        title="YouTube video"
        allow="autoplay; encrypted-media; picture-in-picture"
        allowFullScreen
        sandbox="allow-scripts allow-same-origin allow-presentation"
        // The site sends no referrer elsewhere (Referrer-Policy: same-origin), but YouTube's player refuses to
        // play without one: it gets the site's origin, and only once a reader asks for the video.
        referrerPolicy="strict-origin"
      />
    </span>
  )
}
