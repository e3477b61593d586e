'use client'
import Link from 'next/link'
import { Card } from '@/components/ui/card'

/** The error screen with a way back (visitor spec 2). Details stay in the server log. */
export default function ErrorScreen({ reset }: { error: Error; reset: () => void }) {
  return (
    <div className="mx-auto max-w-md py-16">
      <Card title="Something went wrong">
        <p className="mb-4 text-slate-700">The page could not be loaded. Please try again.</p>
        <div className="flex gap-4">
          <button type="button" onClick={reset} className="font-medium text-board-link hover:underline">Try again</button>
          <Link href="/" className="font-medium text-board-link hover:underline">Go back to Home</Link>
        </div>
      </Card>
    </div>
  )
}
