import { HousekeepingPanel } from '@/components/admin/housekeeping-panel'
import { staffPage, TitledPage } from '@/components/admin/page-staff'
import { housekeepingStatus, lastFinishedRun } from '@/lib/housekeeping/status'

export const metadata = { title: 'Housekeeping' }

async function HousekeepingPage() {
  const [status, last] = await Promise.all([housekeepingStatus(), lastFinishedRun()])
  return (
    <TitledPage title="Housekeeping">
      <HousekeepingPanel status={status} lastResults={last?.results ?? null} />
    </TitledPage>
  )
}

export default staffPage('admin', HousekeepingPage)
