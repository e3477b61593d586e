import { NotAuthorized } from '@/components/admin/not-authorized'
import { UsersTable } from '@/components/admin/users-table'
import { listBoards } from '@/lib/boards/queries'
import { staffForPage } from '@/lib/pages/staff'
import { listUsers } from '@/lib/staff/manage-users'

export const metadata = { title: 'Admin users' }

export default async function UsersPage() {
  const staff = await staffForPage('admin')
  if (!staff) return <NotAuthorized />
  const [users, boards] = await Promise.all([listUsers(), listBoards()])
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Admin Users</h1>
      <UsersTable users={users} selfId={staff.id} boards={boards.map((b) => ({ id: b.id, name: b.name }))} />
    </div>
  )
}
