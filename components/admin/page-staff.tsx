// The frame of the staff pages: who may see a page, and the title it opens with.
import type { ReactNode } from 'react'
import { NotAuthorized } from '@/components/admin/not-authorized'
import { BackLink } from '@/components/ui/page-back-link'
import type { Staff } from '@/lib/auth/staff'
import { staffForPage } from '@/lib/pages/staff'
import type { Role } from '@/lib/staff/schemas'

/**
 * A page for staff of `role` or above: without a session the visitor goes to the login page, staff below the role
 * see 'Not authorized', anyone else the page rendered by `render` for them.
 */
export function staffPage<P extends object>(role: Role, render: (staff: Staff, props: P) => Promise<ReactNode>) {
  return async function StaffPage(props: P) {
    const staff = await staffForPage(role)
    if (!staff) return <NotAuthorized />
    return render(staff, props)
  }
}

/** A staff page's title above its sections, under a link `back` to the page it belongs under, if any. */
export function TitledPage({
  title,
  back,
  children,
}: {
  title: ReactNode
  back?: { href: string; label: string }
  children: ReactNode
}) {
  return (
    <div className="space-y-4">
      {back && <BackLink {...back} />}
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
    </div>
  )
}
