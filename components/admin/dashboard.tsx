import Link from 'next/link'
import { Card } from '@/components/ui/card'
import type { Role } from '@/lib/staff/schemas'
import { formatTimestamp } from '@/lib/ui/relative-time'

export interface DashboardData {
  stats: { total: number; byActionType: { action_type: string; count: number }[] } | null
  recent: {
    id: number
    action_type: string
    board_id: string | null
    created_at: string
    admin_username: string | null
    reason: string | null
  }[]
  appeals: { id: number; board_id: string | null; created_at: string; ip_address: string; reason: string }[] | null
}

/** The busiest boards lead the quick links; every other board the staff member may act on follows. */
const FIRST_BOARDS = ['random', 'tech', 'politics', 'gaming']

/** The dashboard's static parts: quick actions by role and board quick access. */
export function Dashboard({ role, data, boards }: { role: Role; data: DashboardData | null; boards: string[] }) {
  const quickBoards = [
    ...FIRST_BOARDS.filter((b) => boards.includes(b)),
    ...boards.filter((b) => !FIRST_BOARDS.includes(b)),
  ]
  const moderator = role === 'admin' || role === 'moderator'
  const actions = [
    { href: '/admin/bans/create', label: 'Create Ban', show: true },
    { href: '/admin/users/create', label: 'Add Admin User', show: role === 'admin' },
    { href: '/admin/actions', label: 'View Action Log', show: true },
    { href: '/admin/stats', label: 'View Statistics', show: moderator },
  ]
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Admin Dashboard</h1>
      {!data && (
        <p role="alert" className="text-red-600">
          Failed to load dashboard data. Please try again.
        </p>
      )}
      {data && (
        <div className="grid gap-4 md:grid-cols-2">
          {data.stats && (
            <Card title="Moderation Statistics">
              <p className="text-3xl font-bold" data-testid="total-actions">
                {data.stats.total}
              </p>
              <p className="text-xs text-slate-500">total actions</p>
              <ul className="mt-2 text-sm">
                {data.stats.byActionType.map((t) => (
                  <li key={t.action_type}>
                    {t.action_type}: {t.count}
                  </li>
                ))}
              </ul>
              <Link href="/admin/stats" className="mt-2 inline-block text-sm text-board-link hover:underline">
                View Detailed Stats
              </Link>
            </Card>
          )}
          <Card title="Recent Actions">
            {data.recent.length === 0 ? (
              <p className="text-sm text-slate-600">No recent actions found</p>
            ) : (
              <ul className="space-y-1 text-sm">
                {data.recent.map((a) => (
                  <li key={a.id}>
                    <span className="rounded bg-slate-700 px-1 text-xs text-white">{a.action_type}</span>{' '}
                    {a.board_id ? `/${a.board_id}/` : 'Global'} · {formatTimestamp(a.created_at)}
                    {a.admin_username && <> · By {a.admin_username}</>}
                    {a.reason && <> · {a.reason}</>}
                  </li>
                ))}
              </ul>
            )}
            <Link href="/admin/actions" className="mt-2 inline-block text-sm text-board-link hover:underline">
              View All
            </Link>
          </Card>
          {data.appeals && (
            <Card title="Pending Appeals">
              {data.appeals.length === 0 ? (
                <p className="text-sm text-slate-600">No pending appeals</p>
              ) : (
                <ul className="space-y-1 text-sm">
                  {data.appeals.map((b) => (
                    <li key={b.id}>
                      Ban #{b.id} · {b.board_id ? `/${b.board_id}/` : 'Global'} · {formatTimestamp(b.created_at)} ·{' '}
                      <span className="font-mono">{b.ip_address}</span> · {b.reason}{' '}
                      <Link href={`/admin/bans/${b.id}`} className="text-board-link hover:underline">
                        Review Appeal
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
              <Link
                href="/admin/bans?filter=pending"
                className="mt-2 inline-block text-sm text-board-link hover:underline"
              >
                View All
              </Link>
            </Card>
          )}
        </div>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <Card title="Quick Actions">
          <ul className="flex flex-wrap gap-2">
            {actions
              .filter((a) => a.show)
              .map((a) => (
                <li key={a.href}>
                  <Link
                    href={a.href}
                    className="inline-block rounded bg-blue-600 px-3 py-1.5 text-sm text-white hover:bg-blue-700"
                  >
                    {a.label}
                  </Link>
                </li>
              ))}
          </ul>
        </Card>
        <Card title="Board Quick Access">
          <ul className="flex flex-wrap gap-2">
            {quickBoards.map((b) => (
              <li key={b}>
                <Link
                  href={`/admin/bans?boardId=${b}`}
                  className="inline-block rounded border border-slate-300 px-3 py-1.5 font-mono text-sm hover:bg-slate-50"
                >
                  /{b}/
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </div>
  )
}
