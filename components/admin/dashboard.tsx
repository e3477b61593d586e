import Link from 'next/link'
import type { Role } from '@/lib/staff/schemas'
import { Card } from '@/components/ui/card'

const QUICK_BOARDS = ['random', 'tech', 'politics', 'gaming']

/** The dashboard's static parts (staff spec 2): quick actions by role and board quick access. */
export function Dashboard({ role }: { role: Role }) {
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
      <div className="grid gap-4 md:grid-cols-2">
        <Card title="Quick Actions">
          <ul className="flex flex-wrap gap-2">
            {actions.filter((a) => a.show).map((a) => (
              <li key={a.href}><Link href={a.href} className="inline-block rounded bg-blue-600 px-3 py-1.5 text-sm text-white hover:bg-blue-700">{a.label}</Link></li>
            ))}
          </ul>
        </Card>
        <Card title="Board Quick Access">
          <ul className="flex flex-wrap gap-2">
            {QUICK_BOARDS.map((b) => (
              <li key={b}><Link href={`/admin/bans?boardId=${b}`} className="inline-block rounded border border-slate-300 px-3 py-1.5 font-mono text-sm hover:bg-slate-50">/{b}/</Link></li>
            ))}
          </ul>
        </Card>
      </div>
    </div>
  )
}
