'use client'
// References (">>123") inside the thread: a click scrolls to the post and highlights it, a hover shows its preview.
// The handlers sit on the thread's container, so they serve every post, including those that arrive live.
import { useCallback, useEffect, useState, type MouseEvent } from 'react'
import type { PublicPost } from '@/lib/posts/types'

/** Room left above a post scrolled to, so the page's top edge does not cover it. */
const JUMP_OFFSET = 80
const HIGHLIGHT_MS = 2000

export interface RefPreviewAt {
  post: PublicPost
  x: number
  y: number
}

export function useReferenceLinks(byId: ReadonlyMap<number, PublicPost>) {
  const [highlight, setHighlight] = useState<number | null>(null)
  const [preview, setPreview] = useState<RefPreviewAt | null>(null)

  const jumpTo = useCallback((id: number) => {
    const el = document.getElementById(`post-${id}`)
    if (!el) return false
    window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY - JUMP_OFFSET, behavior: 'smooth' })
    setHighlight(id)
    setTimeout(() => setHighlight((h) => (h === id ? null : h)), HIGHLIGHT_MS)
    return true
  }, [])

  // A page opened at #post-N goes to that post.
  useEffect(() => {
    const id = Number(/^#post-(\d+)$/.exec(window.location.hash)?.[1])
    if (!id) return
    const timer = setTimeout(() => jumpTo(id), 0) // after the first paint, so the post is laid out
    return () => clearTimeout(timer)
  }, [jumpTo])

  const handlers = {
    onClick(e: MouseEvent) {
      // A tap on a touch screen shows a reference's preview (as a hover) and then clicks: the preview goes with it.
      setPreview(null)
      const a = (e.target as HTMLElement).closest<HTMLAnchorElement>('a[data-ref]')
      if (a && a.getAttribute('href')?.startsWith('#') && jumpTo(Number(a.dataset.ref))) {
        e.preventDefault()
        history.replaceState(null, '', a.getAttribute('href'))
      }
    },
    onMouseOver(e: MouseEvent) {
      const a = (e.target as HTMLElement).closest<HTMLAnchorElement>('a[data-ref]')
      const post = a ? byId.get(Number(a.dataset.ref)) : undefined
      setPreview(post ? { post, x: e.clientX, y: e.clientY } : null)
    },
    onMouseOut() {
      setPreview(null)
    },
  }

  return { highlight, preview, handlers }
}
