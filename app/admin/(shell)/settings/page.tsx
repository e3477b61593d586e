import { staffForPage } from '@/lib/pages/staff'
import { NotAuthorized } from '@/components/admin/not-authorized'
import { listManagedBoards } from '@/lib/boards/manage'
import { BoardSettingsTable } from '@/components/admin/board-settings-table'
import { CreateBoardForm } from '@/components/admin/create-board-form'

export const metadata = { title: 'Settings' }

// /admin/settings – board settings and new boards (admin). Changes show on the visitor pages at the next request.
export default async function SettingsPage() {
  const staff = await staffForPage('admin')
  if (!staff) return <NotAuthorized />
  const boards = await listManagedBoards()
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Settings</h1>
      <p className="text-sm text-slate-600">
        Changes show on the visitor pages at once. Thread IDs and country flags are given to a post when it is created,
        so turning them on applies to new posts; turning flags off hides them at once, while posts keep the IDs they
        were given.
      </p>
      <BoardSettingsTable boards={boards} />
      <CreateBoardForm />
    </div>
  )
}
