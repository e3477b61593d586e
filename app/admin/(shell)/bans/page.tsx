import Link from 'next/link'
import { BanActions } from '@/components/admin/ban-actions'
import { BoardFilter, FilterForm, FilterSelect, type FilterOption } from '@/components/admin/page-filters'
import { staffPage } from '@/components/admin/page-staff'
import type { Staff } from '@/lib/auth/staff'
import { listBans } from '@/lib/bans/queries'
import { listBoards } from '@/lib/boards/queries'
import { formatTimestamp } from '@/lib/ui/relative-time'

export const metadata = { title: 'Bans' }

type Props = { searchParams: Promise<{ boardId?: string; filter?: string }> }

// /admin/bans – filters live in the address (a plain GET form), so the list is shareable and works without script.
async function BansPage(staff: Staff, { searchParams }: Props) {
  const q = await searchParams
  const moderator = staff.role !== 'janitor'
  const pending = q.filter === 'pending' && moderator
  const boardId = q.boardId && /^[a-z0-9]{1,10}$/.test(q.boardId) ? q.boardId : undefined
  const [boards, { bans }] = await Promise.all([
    listBoards(),
    listBans(staff, { boardId, appealStatus: pending ? 'pending' : undefined }),
  ])
  const statuses: FilterOption[] = [
    ['active', 'Active Bans'],
    ...(moderator ? [['pending', 'Pending Appeals'] as const] : []),
  ]
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-bold">Bans</h1>
        <Link
          href="/admin/bans/create"
          title={staff.role === 'admin' ? 'Admins can create global or board bans' : 'You can create board bans only'}
          className="rounded bg-red-600 px-3 py-1.5 text-sm font-medium text-white"
        >
          Create New Ban
        </Link>
      </div>
      <FilterForm>
        <BoardFilter name="boardId" value={boardId} boards={boards} />
        <FilterSelect label="Status" name="filter" defaultValue={pending ? 'pending' : 'active'} options={statuses} />
      </FilterForm>
      {bans.length === 0 ? (
        <p className="text-slate-600">No bans found</p>
      ) : (
        <table className="w-full border-collapse bg-white text-sm">
          <thead>
            <tr className="border-b text-left">
              {['ID', 'IP Address', 'Board', 'Reason', 'Created', 'Expires', 'Created By', 'Actions'].map((h) => (
                <th key={h} className="p-2">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {bans.map((b) => (
              <tr key={b.id} className="border-b align-top" data-ban-id={b.id}>
                <td className="p-2">{b.id}</td>
                <td className="p-2 font-mono">{b.ip_address}</td>
                <td className="p-2">
                  {b.board_id ? (
                    `/${b.board_id}/`
                  ) : (
                    <span className="rounded bg-slate-700 px-1 text-xs text-white">Global</span>
                  )}
                </td>
                <td className="p-2">
                  {b.reason}
                  {b.appeal_status === 'pending' && (
                    <span className="ml-1 rounded bg-amber-400 px-1 text-xs">appeal pending</span>
                  )}
                </td>
                <td className="p-2">{formatTimestamp(b.created_at)}</td>
                <td className="p-2">{b.expires_at ? formatTimestamp(b.expires_at) : 'Never'}</td>
                <td className="p-2">{b.admin_username ?? 'Unknown'}</td>
                <td className="p-2">
                  <BanActions
                    banId={b.id}
                    pending={b.appeal_status === 'pending'}
                    role={staff.role}
                    username={staff.username}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  )
}

export default staffPage('janitor', BansPage)
