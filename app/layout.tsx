import type { Metadata, Viewport } from 'next'
import { headers } from 'next/headers'
import { Suspense, type ReactNode } from 'react'
import { SiteSearchBar } from '@/components/search/site-search-bar'
import { NavigationLoading } from '@/components/ui/navigation-loading'
import { nonceOf } from '@/lib/http/content-security-policy'
import { THEME_INIT_SCRIPT } from '@/lib/ui/theme'
import './globals.css'

export const metadata: Metadata = {
  title: { default: 'Corkboard', template: '%s - Corkboard' },
  description: 'An anonymous imageboard: boards, threads and posts with images, video and audio.',
  // Files in public/, made by scripts/make-icons.mjs; browsers ask for /favicon.ico on their own too.
  icons: {
    icon: [
      { url: '/favicon.ico', sizes: '32x32' },
      { url: '/icon.svg', type: 'image/svg+xml' },
    ],
    apple: '/apple-touch-icon.png',
  },
  manifest: '/manifest.webmanifest',
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1, colorScheme: 'light dark' }

// Every page is rendered per request, so Next can put the request's CSP nonce on its scripts (server.ts); a page
// prerendered at build time would carry none. Public pages are still rendered once and shared by the page cache.
export const dynamic = 'force-dynamic'

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The request's nonce, as Next puts it on its own scripts; a page cache render has none, and the cache admits
  // the script by its hash instead.
  const nonce = nonceOf((await headers()).get('content-security-policy'))
  return (
    // The theme script sets data-theme on <html> before React hydrates, hence no warning for that attribute.
    <html lang="en" suppressHydrationWarning>
      <head>
        {/* Before the first paint: the theme picked in this browser (lib/ui/theme.ts). */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_INIT_SCRIPT }} />
      </head>
      <body className="min-h-screen">
        {/* Suspense only around the indicator (it reads the search params); page content never waits on it. */}
        <Suspense fallback={null}>
          <NavigationLoading />
        </Suspense>
        <SiteSearchBar />
        <main className="mx-auto max-w-5xl px-4 py-6">{children}</main>
      </body>
    </html>
  )
}
