import { redirect } from 'next/navigation'
import type { ReactNode } from 'react'
import { AdminShell } from '@/components/admin/admin-shell'
import { getSession } from '@/lib/auth/session'
import { currentStaff } from '@/lib/auth/staff'

export const dynamic = 'force-dynamic'
export const metadata = { robots: { index: false } }

// The server is the guard: no valid staff session, no staff pages.
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const staff = await currentStaff(await getSession())
  if (!staff) redirect('/admin/login')
  return <AdminShell user={{ username: staff.username, role: staff.role }}>{children}</AdminShell>
}
