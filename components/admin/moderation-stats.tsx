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
        <Card title="By action type" className="md:col-span-3">
          <Counts
            total={stats.total}
            testId="by-type"
            empty="No actions in this period"
            rows={stats.byActionType.map((r) => ({
              key: r.action_type,
              count: r.count,
              label: (
                <>
                  <span
                    className="mr-1.5 inline-block h-2.5 w-2.5 rounded-sm"
                    style={{ background: actionTypeColor(r.action_type) }}
                  />
                  <Link href={`/admin/actions?action_type=${r.action_type}`} className="hover:underline">
                    {actionTypeLabel(r.action_type)}
                  </Link>
                </>
              ),
            }))}
          />
        </Card>
      </div>
      <Card title="Actions per day">
        {stats.byDay.length ? (
          <ActionsPerDayChart byDay={stats.byDay} />
        ) : (
          <p className="text-sm text-slate-600">No actions in this period</p>
        )}
      </Card>
      <div className="grid gap-4 md:grid-cols-2">
        <Card title="By board">
          <Counts
            total={stats.total}
            testId="by-board"
            empty="No board actions in this period"
            rows={stats.byBoard.map((r) => ({
              key: r.board_id,
              count: r.count,
              label: (
                <Link href={`/admin/actions?board_id=${r.board_id}`} className="font-mono hover:underline">
                  /{r.board_id}/
                </Link>
              ),
            }))}
          />
        </Card>
        <Card title="By staff member">
          <Counts
            total={stats.total}
            testId="by-staff"
            empty="No staff actions in this period"
            rows={stats.byAdmin.map((r) => ({
              key: String(r.admin_user_id),
              count: r.count,
              label: r.username ?? `User #${r.admin_user_id}`,
            }))}
          />
        </Card>
      </div>
    </div>
  )
}

/** Counts per key with each one's share of `total` as a whole percentage. */
function Counts({
  rows,
  total,
  empty,
  testId,
}: {
  rows: { key: string; label: ReactNode; count: number }[]
  total: number
  empty: string
  testId: string
}) {
  const share = (n: number) => (total ? `${Math.round((100 * n) / total)}%` : '')
  if (!rows.length) return <p className="text-sm text-slate-600">{empty}</p>
  return (
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
  )
}
