import { BoardSettingsTable } from '@/components/admin/board-settings-table'
import { ContactSettingsForm } from '@/components/admin/contact-settings-form'
import { CreateBoardForm } from '@/components/admin/create-board-form'
import { staffPage, TitledPage } from '@/components/admin/page-staff'
import { listManagedBoards } from '@/lib/boards/manage'
import { getContact } from '@/lib/site/contact'

export const metadata = { title: 'Settings' }

// /admin/settings – board settings, new boards and the contact page (admin). Changes show on the visitor pages at the next request.
async function SettingsPage() {
  const [boards, contact] = await Promise.all([listManagedBoards(), getContact()])
  return (
    <TitledPage title="Settings">
      <p className="text-sm text-slate-600">
        Changes show on the visitor pages at once. Thread IDs and country flags are given to a post when it is created,
        so turning them on applies to new posts; turning flags off hides them at once, while posts keep the IDs they
        were given.
      </p>
      <BoardSettingsTable boards={boards} />
      <CreateBoardForm />
      <ContactSettingsForm initial={{ text: contact.text, link: contact.link }} custom={contact.custom} />
    </TitledPage>
  )
}

export default staffPage('admin', SettingsPage)
