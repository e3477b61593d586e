import { CreateBanForm } from '@/components/admin/create-ban-form'
import { staffPage, TitledPage } from '@/components/admin/page-staff'
import type { Staff } from '@/lib/auth/staff'
import { listBoards } from '@/lib/boards/queries'
import { isNumericId } from '@/lib/http/params'

export const metadata = { title: 'Create Ban' }

type Props = { searchParams: Promise<{ boardId?: string; threadId?: string; postId?: string }> }
const id = (v?: string) => (v && isNumericId(v) ? Number(v) : undefined)

async function CreateBanPage(staff: Staff, { searchParams }: Props) {
  const q = await searchParams
  const boards = (await listBoards()).filter((b) => staff.canModerate(b.id)).map((b) => ({ id: b.id, name: b.name }))
  return (
    <TitledPage title="Create Ban">
      <CreateBanForm
        role={staff.role}
        boards={boards}
        context={{ boardId: q.boardId, threadId: id(q.threadId), postId: id(q.postId) }}
      />
    </TitledPage>
  )
}

export default staffPage('janitor', CreateBanPage)
