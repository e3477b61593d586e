'use client'
import { readServerSlot } from '@/lib/render/slot-reader'

/**
 * HTML the server component of the page made ready in a slot (lib/render/slots.ts): written into the page on the
 * server (a list of items, each in a `<div>` of its own), and left as it is by hydration in the browser (React
 * does not look inside an element whose inner HTML it was given), where the component that shows it replaces it
 * with its own rendering once it has hydrated.
 */
export function ServerHtml({
  slot,
  className,
  hidden,
  testId,
}: {
  slot: string
  className?: string
  hidden?: boolean
  /** The `data-testid` the element replaced by this one carries. */
  testId?: string
}) {
  const html = typeof window === 'undefined' ? (readServerSlot(slot)?.html ?? '') : ''
  if (Array.isArray(html))
    return (
      <div className={className} hidden={hidden} data-testid={testId}>
        {html.map((item, i) => (
          <div key={i} dangerouslySetInnerHTML={{ __html: item }} />
        ))}
      </div>
    )
  return (
    <div
      className={className}
      hidden={hidden}
      data-testid={testId}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}
