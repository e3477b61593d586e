import type { ReactNode } from 'react'

/** A titled panel of /admin/settings, named for assistive technology by its title. */
export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-300 bg-white" aria-label={title}>
      <h2 className="border-b border-slate-200 px-4 py-2 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  )
}
