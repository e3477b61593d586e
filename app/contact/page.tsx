import type { Metadata } from 'next'
import Link from 'next/link'
import { Card } from '@/components/ui/card'

export const metadata: Metadata = { title: 'Contact', alternates: { canonical: '/contact' } }

export default function ContactPage() {
  return (
    <div className="space-y-4">
      <Link href="/" className="text-sm text-board-link hover:underline">← Home</Link>
      <Card title="Contact Us">
        <p className="text-sm">
          The staff are reachable on our community chat server, where questions, bug reports and appeals about
          moderation are welcome. Ask a moderator there for an invitation.
        </p>
      </Card>
    </div>
  )
}
