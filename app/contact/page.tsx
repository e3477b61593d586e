import type { Metadata } from 'next'
import Link from 'next/link'
import { Card } from '@/components/ui/card'
import { BackLink } from '@/components/ui/page-back-link'
import { getContact } from '@/lib/site/contact'
import { contactHref } from '@/lib/site/schemas'

export const metadata: Metadata = { title: 'Contact', alternates: { canonical: '/contact' } }

// /contact – the text and link an admin sets on /admin/settings, or a default that points to the rules.
export default async function ContactPage() {
  const contact = await getContact()
  const href = contactHref(contact.link)
  return (
    <div className="space-y-4">
      <BackLink href="/" label="Home" />
      <Card title="Contact Us" level={1}>
        <p className="whitespace-pre-line text-sm" data-testid="contact-text">
          {contact.text}
        </p>
        {href && (
          <p className="mt-3 text-sm">
            <a
              href={href}
              rel="nofollow noopener noreferrer"
              className="text-board-link underline"
              data-testid="contact-link"
            >
              {contact.link}
            </a>
          </p>
        )}
        {!contact.custom && (
          <p className="mt-3 text-sm">
            <Link href="/rules" className="text-board-link underline">
              Read the rules
            </Link>
          </p>
        )}
      </Card>
    </div>
  )
}
