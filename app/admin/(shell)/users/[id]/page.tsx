import { notFound } from 'next/navigation'
import { NotAuthorized } from '@/components/admin/not-authorized'
import { UserForm } from '@/components/admin/user-form'
import { Card } from '@/components/ui/card'
import { listBoards } from '@/lib/boards/queries'
import { NotFoundError } from '@/lib/errors'
import { isNumericId, type PageParams } from '@/lib/http/params'
import { staffForPage } from '@/lib/pages/staff'
import { getUserOrThrow } from '@/lib/staff/manage-users'

export const metadata = { title: 'Edit admin user' }

export default async function EditUserPage({ params }: PageParams<'id'>) {
  const staff = await staffForPage('admin')
  if (!staff) return <NotAuthorized />
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
