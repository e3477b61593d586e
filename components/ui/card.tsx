import type { ReactNode } from 'react'

export function Card({
  title,
  children,
  className = '',
  level = 2,
}: {
  title?: ReactNode
  children: ReactNode
  className?: string
  /** 1 when the card's title is the page's heading (a page that is one card). */
  level?: 1 | 2
}) {
  const Heading = level === 1 ? 'h1' : 'h2'
  return (
    <section className={`rounded-lg border border-slate-200 bg-board-card shadow-sm ${className}`}>
      {title && <Heading className="border-b border-slate-200 px-4 py-2 text-lg font-semibold">{title}</Heading>}
      <div className="p-4">{children}</div>
    </section>
  )
}
