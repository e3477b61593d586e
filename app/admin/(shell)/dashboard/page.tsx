import { Dashboard, type DashboardData } from '@/components/admin/dashboard'
import { staffPage } from '@/components/admin/page-staff'
import type { Staff } from '@/lib/auth/staff'
import { listBans } from '@/lib/bans/queries'
import { listBoards } from '@/lib/boards/queries'
import { log } from '@/lib/log'
import { actionStats, listActions } from '@/lib/moderation/actions'

export const metadata = { title: 'Admin Dashboard' }

async function load(staff: Staff): Promise<DashboardData | null> {
  const moderator = staff.role !== 'janitor'
  try {
    const [stats, recent, appeals] = await Promise.all([
      moderator ? actionStats(staff, {}) : null,
      listActions(staff, {}, 5, 0),
      moderator ? listBans(staff, { appealStatus: 'pending', limit: 5 }) : null,
    ])
    return { stats, recent: recent.actions, appeals: appeals?.bans ?? null }
  } catch (err) {
    log.error('dashboard: failed to load', err)
    return null
  }
}

async function DashboardPage(staff: Staff) {
  const boards = (await listBoards().catch(() => [])).map((b) => b.id).filter((id) => staff.canModerate(id))
  return <Dashboard role={staff.role} data={await load(staff)} boards={boards} />
}

export default staffPage('janitor', DashboardPage)
