import type { ReactNode } from 'react'

export function Card({
  title,
  children,
  className = '',
}: {
  title?: ReactNode
  children: ReactNode
  className?: string
}) {
  return (
    <section className={`rounded-lg border border-slate-200 bg-board-card shadow-sm ${className}`}>
      {title && <h2 className="border-b border-slate-200 px-4 py-2 text-lg font-semibold">{title}</h2>}
      <div className="p-4">{children}</div>
    </section>
  )
}
