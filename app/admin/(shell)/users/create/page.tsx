import { NotAuthorized } from '@/components/admin/not-authorized'
import { UserForm } from '@/components/admin/user-form'
import { Card } from '@/components/ui/card'
import { listBoards } from '@/lib/boards/queries'
import { staffForPage } from '@/lib/pages/staff'

export const metadata = { title: 'Create admin user' }

export default async function CreateUserPage() {
  const staff = await staffForPage('admin')
  if (!staff) return <NotAuthorized />
  const boards = (await listBoards()).map((b) => ({ id: b.id, name: b.name }))
  return (
    <Card title="Create New Admin User">
      <UserForm boards={boards} />
    </Card>
  )
}
