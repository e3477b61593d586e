'use client'
import Link from 'next/link'
import { usePathname } from 'next/navigation'
import { lazy, Suspense } from 'react'
import { ThemeToggle } from '@/components/ui/theme-toggle'
import { useWatcher } from '@/lib/client/watcher-store'
import { SEARCH_TEXT_MAX } from '@/lib/limits'

// The watcher's panel (its list, live counts and socket) only once this browser watches a thread: the server never
// draws it (the list is in local storage), and most readers never watch one, so it stays out of every page's
// JavaScript until then.
const WatcherPanel = lazy(() => import('@/components/watcher/watcher-panel').then((m) => ({ default: m.WatcherPanel })))

/**
 * The bar above every public page: the site's name, the search box and the theme toggle. The search is a plain GET
 * form to /search, so it works without JavaScript. The staff area has a header of its own.
 */
export function SiteSearchBar() {
  const pathname = usePathname()
  // On phones the watcher's button takes the first row and the search box the whole second one.
  const watching = useWatcher().threads.length > 0
  if (pathname.startsWith('/admin')) return null
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-2 px-4 py-2">
        {/* The home page shows the logo itself. */}
        {pathname !== '/' && (
          <Link href="/" className="font-semibold text-slate-800 hover:underline">
            Corkboard
          </Link>
        )}
        <form
          role="search"
          action="/search"
          method="get"
          className={`flex min-w-0 flex-1 justify-end gap-2 ${watching ? 'max-sm:order-last max-sm:basis-full' : ''}`}
        >
          <label htmlFor="site-search" className="sr-only">
            Search posts
          </label>
          <input
            id="site-search"
            type="search"
            name="q"
            required
            maxLength={SEARCH_TEXT_MAX}
            placeholder="Search posts"
            className="w-full min-w-0 max-w-xs rounded border border-slate-300 px-2 py-1 text-sm"
          />
          <button type="submit" className="rounded bg-blue-600 px-3 py-1 text-sm text-white hover:bg-blue-700">
            Search
          </button>
        </form>
        {watching && (
          <Suspense fallback={null}>
            <WatcherPanel />
          </Suspense>
        )}
        <ThemeToggle />
      </div>
    </header>
  )
}
