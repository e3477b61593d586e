import { staffPage } from '@/components/admin/page-staff'
import { RangeBansPanel, type RangeBanData } from '@/components/admin/rangebans-panel'
import type { Staff } from '@/lib/auth/staff'
import { listBoards } from '@/lib/boards/queries'
import { allCountries } from '@/lib/geo/country-names'
import { log } from '@/lib/log'
import { listRangeBans, rangeBanStats } from '@/lib/rangebans/manage'

export const metadata = { title: 'Rangebans' }

type Props = { searchParams: Promise<{ boardId?: string }> }

async function load(): Promise<RangeBanData | null> {
  try {
    const [rangebans, stats] = await Promise.all([listRangeBans(), rangeBanStats()])
    return { rangebans, stats }
  } catch (err) {
    log.error('rangebans: failed to load', err)
    return null
  }
}

// /admin/rangebans – admins only; the page renders the first state, the panel keeps it current.
async function RangeBansPage(_staff: Staff, { searchParams }: Props) {
  const q = await searchParams
  const [boards, initial] = await Promise.all([listBoards(), load()])
  const boardFilter = q.boardId && boards.some((b) => b.id === q.boardId) ? q.boardId : ''
  return (
    <RangeBansPanel
      initial={initial}
      countries={allCountries()}
      boards={boards.map((b) => ({ id: b.id, name: b.name }))}
      boardFilter={boardFilter}
    />
  )
}

export default staffPage('admin', RangeBansPage)
