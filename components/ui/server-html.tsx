'use client'
import { readServerSlot } from '@/lib/render/slot-reader'

/**
 * HTML the server component of the page made ready in a slot (lib/render/slots.ts): written into the page on the
 * server (a list of items, each in a `<div>` of its own), and left as it is by hydration in the browser (React
 * does not look inside an element whose inner HTML it was given), where the component that shows it replaces it
 * with its own rendering once it has hydrated. The element names its slot (`data-slot`), so the slot's content can
 * be found in the page's HTML.
 */
export function ServerHtml({
  slot,
  className,
  hidden,
  inline,
  testId,
}: {
  slot: string
  className?: string
  hidden?: boolean
  /** A `<span>` (inside a line of text) rather than a `<div>`. */
  inline?: boolean
  /** The `data-testid` the element replaced by this one carries. */
  testId?: string
}) {
  const html = typeof window === 'undefined' ? (readServerSlot(slot)?.html ?? '') : ''
  if (Array.isArray(html))
    return (
      <div className={className} hidden={hidden} data-testid={testId} data-slot={slot}>
        {html.map((item, i) => (
          <div key={i} dangerouslySetInnerHTML={{ __html: item }} />
        ))}
      </div>
    )
  const Element = inline ? 'span' : 'div'
  return (
    <Element
      className={className}
      hidden={hidden}
      data-testid={testId}
      data-slot={slot}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}
