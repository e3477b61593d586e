'use client'
// While the tab is hidden, replies to the reader's posts put a count in the title ("(2) …") and a badge on the
// icon; showing the tab again clears both.
import { useEffect, useRef, useState } from 'react'
import type { PublicPost } from '@/lib/posts/types'
import { ALERT_ICON, ALERT_ICON_ID, repliesToOwn, titleWithCount } from './reply-alerts'

const newest = (posts: readonly PublicPost[]) => posts.reduce((max, p) => Math.max(max, p.id), 0)

export function useReplyAlerts(posts: readonly PublicPost[], own: ReadonlySet<number>): number {
  const [count, setCount] = useState(0)
  const seenUpTo = useRef<number | null>(null)
  const latest = useRef(posts)

  useEffect(() => {
    latest.current = posts
    if (seenUpTo.current === null || !document.hidden) {
      seenUpTo.current = newest(posts)
      setCount(0)
    } else setCount(repliesToOwn(posts, own, seenUpTo.current))
  }, [posts, own])

  useEffect(() => {
    const onVisibility = () => {
      if (document.hidden) return
      seenUpTo.current = newest(latest.current)
      setCount(0)
    }
    document.addEventListener('visibilitychange', onVisibility)
    return () => document.removeEventListener('visibilitychange', onVisibility)
  }, [])

  // The title as the page rendered it, put back when the count falls to zero. The badge is an icon link of its
  // own, added last (browsers use the last icon declared) and removed again, so Next's own links stay untouched.
  const title = useRef<string | null>(null)
  useEffect(() => {
    title.current ??= document.title
    document.title = titleWithCount(title.current, count)
    document.getElementById(ALERT_ICON_ID)?.remove()
    if (count === 0) return
    const link = document.createElement('link')
    Object.assign(link, { id: ALERT_ICON_ID, rel: 'icon', type: 'image/svg+xml', href: ALERT_ICON })
    document.head.appendChild(link)
  }, [count])

  return count
}
