import type { Metadata } from 'next'
import Link from 'next/link'
import { Card } from '@/components/ui/card'

export const metadata: Metadata = { title: 'Page not found', robots: { index: false } }

/** Every unknown address (board, thread, page, archive entry, post) answers 404 with this page. */
export default function NotFound() {
  return (
    <div className="mx-auto max-w-md py-16">
      <Card title="Page Not Found">
        <p className="mb-4 text-slate-700">
          The page you&apos;re looking for doesn&apos;t exist. A thread may have been deleted, or left the archive.
        </p>
        <Link href="/" className="font-medium text-board-link hover:underline">
          Go to Home
        </Link>
      </Card>
    </div>
  )
}
