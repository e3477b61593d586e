import { ActionsTable } from '@/components/admin/actions-table'
import { ActionTypeFilter, FilterForm, FilterSelect } from '@/components/admin/page-filters'
import { staffPage, TitledPage } from '@/components/admin/page-staff'
import { Card } from '@/components/ui/card'
import type { Staff } from '@/lib/auth/staff'
import { ValidationError } from '@/lib/errors'
import type { PageParams } from '@/lib/http/params'
import { ipHistory, parseActionTypes } from '@/lib/moderation/actions'
import { formatTimestamp } from '@/lib/ui/relative-time'

export const metadata = { title: 'IP history' }

type Props = PageParams<'ip'> & { searchParams: Promise<{ board_id?: string; action_type?: string }> }

// /admin/ip-history/{ip} – summary cards, filters and every action about one address.
async function IpHistoryPage(staff: Staff, { params, searchParams }: Props) {
  const raw = (await params).ip
  // IPv6 colons may arrive percent-encoded in a page path.
  const ip = (() => {
    try {
      return decodeURIComponent(raw)
    } catch {
      return raw
    }
  })()
  const q = await searchParams
  const boardId = q.board_id && /^[a-z0-9]{1,10}$/.test(q.board_id) ? q.board_id : undefined
  let history
  try {
    history = await ipHistory(staff, ip, { boardId, actionTypes: parseActionTypes(q.action_type || undefined) }, 100, 0)
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err
    return (
      <Card title="IP history">
        <p role="alert" className="text-red-600">
          Failed to fetch IP history
        </p>
      </Card>
    )
  }
  const s = history.summary
  const cards: [string, string | number][] = [
    ['Total Actions', s.total_actions],
    ['Bans', s.ban_count],
    ['Posts Deleted', s.posts_deleted],
    ['Boards Affected', s.boards_affected],
    ['First action', s.first_action ? formatTimestamp(s.first_action) : '–'],
    ['Last action', s.last_action ? formatTimestamp(s.last_action) : '–'],
  ]
  return (
    <TitledPage
      title={
        <>
          IP history: <span className="font-mono">{history.ip_address}</span>
        </>
      }
      back={{ href: '/admin/dashboard', label: 'Dashboard' }}
    >
      <div className="grid grid-cols-2 gap-2 md:grid-cols-6">
        {cards.map(([label, value]) => (
          <div key={label} className="rounded-lg border border-slate-200 bg-white p-2">
            <p className="text-xs text-slate-500">{label}</p>
            <p className="font-semibold">{value}</p>
          </div>
        ))}
      </div>
      <FilterForm>
        <FilterSelect
          label="Board"
          name="board_id"
          defaultValue={boardId ?? ''}
          all="All"
          options={s.boards_list.map((b) => [b, <>/{b}/</>] as const)}
        />
        <ActionTypeFilter value={q.action_type} />
      </FilterForm>
      {history.actions.length === 0 ? (
        <p className="text-slate-600">No actions found for this IP</p>
      ) : (
        <ActionsTable actions={history.actions} />
      )}
    </TitledPage>
  )
}

export default staffPage('janitor', IpHistoryPage)
