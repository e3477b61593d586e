'use client'
import { usePathname, useSearchParams } from 'next/navigation'
import { useEffect, useState } from 'react'

const SHOW_AFTER_MS = 300
const WAKE_UP_AFTER_MS = 5000

/**
 * The loading screen for client-side navigation: a bar once a page takes a moment, and after
 * 5 s the notice that the server may be waking up. Server-rendered pages arrive complete, so it never hides
 * content from readers without JavaScript.
 */
export function NavigationLoading() {
  const pathname = usePathname()
  const search = useSearchParams()
  const [startedAt, setStartedAt] = useState<number | null>(null)
  const [now, setNow] = useState(0)

  // A new location means the navigation finished (state adjusted during render, as React recommends).
  const location = `${pathname}?${search}`
  const [seen, setSeen] = useState(location)
  if (seen !== location) {
    setSeen(location)
    setStartedAt(null)
  }

  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      const a = (e.target as HTMLElement).closest('a')
      // Not checking defaultPrevented: Next's Link prevents the default to navigate client-side.
      if (!a || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || a.target === '_blank') return
      const url = new URL(a.href, window.location.href)
      if (
        url.origin !== window.location.origin ||
        url.pathname.startsWith('/media/') ||
        url.pathname.startsWith('/api/')
      )
        return
      if (url.pathname === window.location.pathname && url.search === window.location.search) return
      setStartedAt(Date.now())
    }
    document.addEventListener('click', onClick)
    return () => document.removeEventListener('click', onClick)
  }, [])

  useEffect(() => {
    if (startedAt === null) return
    const timer = setInterval(() => setNow(Date.now()), 250)
    return () => clearInterval(timer)
  }, [startedAt])

  if (startedAt === null || now - startedAt < SHOW_AFTER_MS) return null
  return (
    <div role="status" className="fixed inset-x-0 top-0 z-50" data-testid="navigation-loading">
      <div className="h-1 w-full animate-pulse bg-blue-600" />
      <p className="mx-auto mt-2 w-fit rounded bg-white px-3 py-1 text-sm text-slate-700 shadow">
        Loading...
        {now - startedAt >= WAKE_UP_AFTER_MS &&
          ' The server may be waking up. Please wait, this can take up to 50 seconds.'}
      </p>
    </div>
  )
}
