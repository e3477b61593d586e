'use client'
import { Card } from '@/components/ui/card'

/** The error screen with a way back. Details stay in the server log. */
export default function ErrorScreen({ reset }: { error: Error; reset: () => void }) {
  return (
    <div className="mx-auto max-w-md py-16">
      <Card title="Something went wrong">
        <p className="mb-4 text-slate-700">The page could not be loaded. Please try again.</p>
        <div className="flex gap-4">
          <button type="button" onClick={reset} className="font-medium text-board-link hover:underline">
            Try again
          </button>
          {/* A plain link: a full load is the surest way out of a failed page, and next/link here would put a second
              copy of its code beside the page's own on every page (the error screen is a chunk of its own). */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- see above */}
          <a href="/" className="font-medium text-board-link hover:underline">
            Go back to Home
          </a>
        </div>
      </Card>
    </div>
  )
}
