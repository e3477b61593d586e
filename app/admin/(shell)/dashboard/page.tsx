import { getSession } from '@/lib/auth/session'
import { requireStaff } from '@/lib/auth/staff'
import { Dashboard } from '@/components/admin/dashboard'

export const metadata = { title: 'Admin Dashboard' }

export default async function DashboardPage() {
  const staff = await requireStaff(await getSession())
  return <Dashboard role={staff.role} />
}
