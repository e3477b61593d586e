import { staffPage, TitledPage } from '@/components/admin/page-staff'
import { UsersTable } from '@/components/admin/users-table'
import type { Staff } from '@/lib/auth/staff'
import { listBoards } from '@/lib/boards/queries'
import { listUsers } from '@/lib/staff/manage-users'

export const metadata = { title: 'Admin users' }

async function UsersPage(staff: Staff) {
  const [users, boards] = await Promise.all([listUsers(), listBoards()])
  return (
    <TitledPage title="Admin Users">
      <UsersTable users={users} selfId={staff.id} boards={boards.map((b) => ({ id: b.id, name: b.name }))} />
    </TitledPage>
  )
}

export default staffPage('admin', UsersPage)
