import { BoardSettingsTable } from '@/components/admin/board-settings-table'
import { ContactSettingsForm } from '@/components/admin/contact-settings-form'
import { CreateBoardForm } from '@/components/admin/create-board-form'
import { NotAuthorized } from '@/components/admin/not-authorized'
import { listManagedBoards } from '@/lib/boards/manage'
import { staffForPage } from '@/lib/pages/staff'
import { getContact } from '@/lib/site/contact'

export const metadata = { title: 'Settings' }

// /admin/settings – board settings, new boards and the contact page (admin). Changes show on the visitor pages at the next request.
export default async function SettingsPage() {
  const staff = await staffForPage('admin')
  if (!staff) return <NotAuthorized />
  const [boards, contact] = await Promise.all([listManagedBoards(), getContact()])
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
      <ContactSettingsForm initial={{ text: contact.text, link: contact.link }} custom={contact.custom} />
    </div>
  )
}
