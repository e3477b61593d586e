import { HousekeepingPanel } from '@/components/admin/housekeeping-panel'
import { NotAuthorized } from '@/components/admin/not-authorized'
import { housekeepingStatus, lastFinishedRun } from '@/lib/housekeeping/status'
import { staffForPage } from '@/lib/pages/staff'

export const metadata = { title: 'Housekeeping' }

export default async function HousekeepingPage() {
  const staff = await staffForPage('admin')
  if (!staff) return <NotAuthorized />
  const [status, last] = await Promise.all([housekeepingStatus(), lastFinishedRun()])
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Housekeeping</h1>
      <HousekeepingPanel status={status} lastResults={last?.results ?? null} />
    </div>
  )
}
