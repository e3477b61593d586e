import { notFound } from 'next/navigation'
import { staffPage } from '@/components/admin/page-staff'
import { UserForm } from '@/components/admin/user-form'
import { Card } from '@/components/ui/card'
import type { Staff } from '@/lib/auth/staff'
import { listBoards } from '@/lib/boards/queries'
import { NotFoundError } from '@/lib/errors'
import { isNumericId, type PageParams } from '@/lib/http/params'
import { getUserOrThrow } from '@/lib/staff/manage-users'

export const metadata = { title: 'Edit admin user' }

async function EditUserPage(_staff: Staff, { params }: PageParams<'id'>) {
  const { id } = await params
  if (!isNumericId(id)) notFound()
  const user = await getUserOrThrow(Number(id)).catch((err) => {
    if (err instanceof NotFoundError) notFound()
    throw err
  })
  const boards = (await listBoards()).map((b) => ({ id: b.id, name: b.name }))
  return (
    <Card title={`Edit ${user.username}`}>
      <UserForm boards={boards} user={user} />
    </Card>
  )
}

export default staffPage('admin', EditUserPage)
