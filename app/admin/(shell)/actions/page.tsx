import Link from 'next/link'
import { ACTION_LABELS, ActionsTable } from '@/components/admin/actions-table'
import { ActionTypeFilter, FILTER_CONTROL, FilterField, FilterForm } from '@/components/admin/page-filters'
import { staffPage, TitledPage } from '@/components/admin/page-staff'
import type { Staff } from '@/lib/auth/staff'
import { listPageParam } from '@/lib/http/params'
import { listActions, parseActionTypes } from '@/lib/moderation/actions'

export const metadata = { title: 'Action log' }

const PAGE = 50
type Props = { searchParams: Promise<{ action_type?: string; board_id?: string; page?: string }> }

// /admin/actions – the moderation log with filters and pages.
async function ActionsPage(staff: Staff, { searchParams }: Props) {
  const q = await searchParams
  const page = listPageParam(q.page)
  const boardId = q.board_id && /^[a-z0-9]{1,10}$/.test(q.board_id) ? q.board_id : undefined
  const actionType = ACTION_LABELS.some(([v]) => v === q.action_type) ? q.action_type : undefined
  const { actions, total } = await listActions(
    staff,
    { boardId, actionTypes: parseActionTypes(actionType) },
    PAGE,
    (page - 1) * PAGE,
  )
  const pages = Math.max(1, Math.ceil(total / PAGE))
  const link = (p: number) =>
    `/admin/actions?${new URLSearchParams({ ...(actionType ? { action_type: actionType } : {}), ...(boardId ? { board_id: boardId } : {}), page: String(p) })}`
  return (
    <TitledPage title="Action Log">
      <FilterForm>
        <ActionTypeFilter value={actionType} />
        <FilterField label="Board">
          <input name="board_id" defaultValue={boardId ?? ''} placeholder="e.g. tech" className={FILTER_CONTROL} />
        </FilterField>
      </FilterForm>
      {actions.length === 0 ? (
        <p className="text-slate-600">No actions found</p>
      ) : (
        <ActionsTable actions={actions} showIp />
      )}
      <nav className="flex items-center gap-3 text-sm" aria-label="Pages">
        {page > 1 && (
          <Link href={link(page - 1)} className="text-board-link">
            ← Newer
          </Link>
        )}
        <span>
          Page {page} of {pages} ({total} actions)
        </span>
        {page < pages && (
          <Link href={link(page + 1)} className="text-board-link">
            Older →
          </Link>
        )}
      </nav>
    </TitledPage>
  )
}

export default staffPage('janitor', ActionsPage)
