import { CreateBanForm } from '@/components/admin/create-ban-form'
import { NotAuthorized } from '@/components/admin/not-authorized'
import { listBoards } from '@/lib/boards/queries'
import { isNumericId } from '@/lib/http/params'
import { staffForPage } from '@/lib/pages/staff'

export const metadata = { title: 'Create Ban' }

type Props = { searchParams: Promise<{ boardId?: string; threadId?: string; postId?: string }> }
const id = (v?: string) => (v && isNumericId(v) ? Number(v) : undefined)

export default async function CreateBanPage({ searchParams }: Props) {
  const staff = await staffForPage('janitor')
  if (!staff) return <NotAuthorized />
  const q = await searchParams
  const boards = (await listBoards()).filter((b) => staff.canModerate(b.id)).map((b) => ({ id: b.id, name: b.name }))
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Create Ban</h1>
      <CreateBanForm
        role={staff.role}
        boards={boards}
        context={{ boardId: q.boardId, threadId: id(q.threadId), postId: id(q.postId) }}
      />
    </div>
  )
}
