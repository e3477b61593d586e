import Link from 'next/link'

/** The small "← Label" link at the top of a page, back to the page it belongs under. */
export function BackLink({ href, label }: { href: string; label: string }) {
  return (
    <Link href={href} className="text-sm text-board-link hover:underline">
      {`← ${label}`}
    </Link>
  )
}
