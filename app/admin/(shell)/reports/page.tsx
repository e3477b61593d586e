import { staffPage, TitledPage } from '@/components/admin/page-staff'
import { ReportsQueue } from '@/components/admin/reports-queue'
import type { Staff } from '@/lib/auth/staff'
import { listBoards } from '@/lib/boards/queries'

export const metadata = { title: 'Reports' }

// /admin/reports – the queue of reported posts on the boards the staff member moderates, live.
async function ReportsPage(staff: Staff) {
  const boards = (await listBoards()).filter((b) => staff.canModerate(b.id)).map((b) => ({ id: b.id, name: b.name }))
  return (
    <TitledPage title="Reports">
      <ReportsQueue boards={boards} admin={staff.role === 'admin'} />
    </TitledPage>
  )
}

export default staffPage('janitor', ReportsPage)
