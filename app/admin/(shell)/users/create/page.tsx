import { staffPage } from '@/components/admin/page-staff'
import { UserForm } from '@/components/admin/user-form'
import { Card } from '@/components/ui/card'
import { listBoards } from '@/lib/boards/queries'

export const metadata = { title: 'Create admin user' }

async function CreateUserPage() {
  const boards = (await listBoards()).map((b) => ({ id: b.id, name: b.name }))
  return (
    <Card title="Create New Admin User">
      <UserForm boards={boards} />
    </Card>
  )
}

export default staffPage('admin', CreateUserPage)
