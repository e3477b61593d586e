import Link from 'next/link'
import type { ReactNode } from 'react'
import { Card } from '@/components/ui/card'
import type { DayCount } from '@/lib/moderation/action-series'
import { actionTypeColor, actionTypeLabel } from './action-type-style'
import { ActionsPerDayChart } from './actions-per-day-chart'

export interface ModerationStatsData {
  total: number
  byActionType: { action_type: string; count: number }[]
  byBoard: { board_id: string; count: number }[]
  byAdmin: { admin_user_id: number; username: string | null; count: number }[]
  byDay: DayCount[]
}

/** The totals and the chart of /admin/stats: per action type, per board, per staff member and per day. */
export function ModerationStats({ stats, period }: { stats: ModerationStatsData; period: string }) {
  return (
    <div className="space-y-4">
      <div className="grid gap-4 md:grid-cols-4">
        <Card title="Total actions">
          <p className="text-3xl font-bold" data-testid="stats-total">
            {stats.total}
          </p>
          <p className="text-xs text-slate-500">{period}</p>
        </Card>
        <CountsCard title="By action type" className="md:col-span-3" total={stats.total} rows={typeRows(stats)} />
      </div>
      <Card title="Actions per day">
        {stats.byDay.length ? (
          <ActionsPerDayChart byDay={stats.byDay} />
        ) : (
          <p className="text-sm text-slate-600">No actions in this period</p>
        )}
      </Card>
      <div className="grid gap-4 md:grid-cols-2">
        <CountsCard title="By board" total={stats.total} rows={boardRows(stats)} />
        <CountsCard title="By staff member" total={stats.total} rows={staffRows(stats)} />
      </div>
    </div>
  )
}

interface CountRows {
  testId: string
  empty: string
  rows: { key: string; label: ReactNode; count: number }[]
}

const typeRows = (stats: ModerationStatsData): CountRows => ({
  testId: 'by-type',
  empty: 'No actions in this period',
  rows: stats.byActionType.map((r) => ({
    key: r.action_type,
    count: r.count,
    label: <TypeLink type={r.action_type} />,
  })),
})

const boardRows = (stats: ModerationStatsData): CountRows => ({
  testId: 'by-board',
  empty: 'No board actions in this period',
  rows: stats.byBoard.map((r) => ({ key: r.board_id, count: r.count, label: <BoardLink boardId={r.board_id} /> })),
})

const staffRows = (stats: ModerationStatsData): CountRows => ({
  testId: 'by-staff',
  empty: 'No staff actions in this period',
  rows: stats.byAdmin.map((r) => ({
    key: String(r.admin_user_id),
    count: r.count,
    label: r.username ?? `User #${r.admin_user_id}`,
  })),
})

/** An action type with its colour, linking to the log filtered by it. */
function TypeLink({ type }: { type: string }) {
  return (
    <>
      <span className="mr-1.5 inline-block h-2.5 w-2.5 rounded-sm" style={{ background: actionTypeColor(type) }} />
      <Link href={`/admin/actions?action_type=${type}`} className="hover:underline">
        {actionTypeLabel(type)}
      </Link>
    </>
  )
}

function BoardLink({ boardId }: { boardId: string }) {
  return (
    <Link href={`/admin/actions?board_id=${boardId}`} className="font-mono hover:underline">
      /{boardId}/
    </Link>
  )
}

/** A card of counts per key with each one's share of `total` as a whole percentage. */
function CountsCard({
  title,
  className,
  total,
  rows: { rows, empty, testId },
}: {
  title: string
  className?: string
  total: number
  rows: CountRows
}) {
  const share = (n: number) => (total ? `${Math.round((100 * n) / total)}%` : '')
  return (
    <Card title={title} className={className}>
      {rows.length ? (
        <table className="w-full border-collapse text-sm" data-testid={testId}>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key} className="border-b border-slate-200 last:border-0" data-key={r.key}>
                <td className="py-1">{r.label}</td>
                <td className="py-1 text-right font-mono">{r.count}</td>
                <td className="w-14 py-1 text-right text-xs text-slate-500">{share(r.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-sm text-slate-600">{empty}</p>
      )}
    </Card>
  )
}
