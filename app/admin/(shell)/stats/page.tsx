import { ModerationStats, type ModerationStatsData } from '@/components/admin/moderation-stats'
import { BoardFilter, FilterForm, FilterSelect } from '@/components/admin/page-filters'
import { staffPage, TitledPage } from '@/components/admin/page-staff'
import type { Staff } from '@/lib/auth/staff'
import { listBoards } from '@/lib/boards/queries'
import { log } from '@/lib/log'
import { actionsPerDay } from '@/lib/moderation/action-series'
import { actionStats } from '@/lib/moderation/actions'
import { DAY_MS } from '@/lib/time'

export const metadata = { title: 'Moderation Statistics' }

const RANGES = [7, 30, 90, 365] as const
const DEFAULT_RANGE = 30
const PERIODS = RANGES.map((r) => [r, <>Last {r} days</>] as const)

type Props = { searchParams: Promise<{ board_id?: string; range?: string }> }

// /admin/stats – moderation statistics (admins and moderators, within their boards). Filters live in the address.
async function StatsPage(staff: Staff, { searchParams }: Props) {
  const q = await searchParams
  const days = RANGES.find((r) => String(r) === q.range) ?? DEFAULT_RANGE
  const boards = (await listBoards()).filter((b) => staff.canModerate(b.id))
  const boardId = boards.some((b) => b.id === q.board_id) ? q.board_id : undefined
  // The last `days` UTC days, today included, so the chart has exactly `days` bars.
  const now = new Date()
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (days - 1) * DAY_MS)
  let stats: ModerationStatsData | null = null
  try {
    const [totals, byDay] = await Promise.all([
      actionStats(staff, { boardId, start }),
      actionsPerDay(staff, { boardId, start }, now),
    ])
    stats = { ...totals, byDay }
  } catch (err) {
    log.error('stats: failed to load', err)
  }
  const scoped = staff.role !== 'admin' && staff.boards.length > 0
  const period = `Last ${days} days (${start.toISOString().slice(0, 10)} to ${now.toISOString().slice(0, 10)}, UTC)`
  return (
    <TitledPage title="Moderation Statistics">
      <FilterForm>
        <BoardFilter name="board_id" value={boardId} boards={boards} />
        <FilterSelect label="Period" name="range" defaultValue={String(days)} options={PERIODS} />
      </FilterForm>
      {scoped && (
        <p className="text-sm text-slate-600">
          Counts cover your boards ({staff.boards.map((b) => `/${b}/`).join(', ')}) and global actions.
        </p>
      )}
      {stats ? (
        <ModerationStats stats={stats} period={period} />
      ) : (
        <p role="alert" className="text-red-600">
          Failed to load statistics. Please try again later.
        </p>
      )}
    </TitledPage>
  )
}

export default staffPage('moderator', StatsPage)
