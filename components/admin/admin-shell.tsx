'use client'
import Link from 'next/link'
import { usePathname, useRouter } from 'next/navigation'
import { useEffect, useState, type ReactNode } from 'react'
import { ErrorText } from '@/components/ui/form-message'
import { ThemeToggle } from '@/components/ui/theme-toggle'
import { clearAdminUser, readAdminUser } from '@/lib/client/admin-user'
import { staffApi } from '@/lib/client/api'
import { ReportCountsContext, totalOf, useReportCounts } from '@/lib/client/use-report-counts'
import type { Role } from '@/lib/staff/schemas'

const NAV: { href: string; label: string; roles: Role[] }[] = [
  { href: '/admin/dashboard', label: 'Dashboard', roles: ['janitor', 'moderator', 'admin'] },
  { href: '/admin/reports', label: 'Reports', roles: ['janitor', 'moderator', 'admin'] },
  { href: '/admin/bans', label: 'Bans', roles: ['janitor', 'moderator', 'admin'] },
  { href: '/admin/actions', label: 'Actions', roles: ['janitor', 'moderator', 'admin'] },
  { href: '/admin/users', label: 'Users', roles: ['admin'] },
  { href: '/admin/rangebans', label: 'Rangebans', roles: ['admin'] },
  { href: '/admin/filters', label: 'Filters', roles: ['admin'] },
  { href: '/admin/files', label: 'Files', roles: ['moderator', 'admin'] },
  { href: '/admin/housekeeping', label: 'Housekeeping', roles: ['admin'] },
  { href: '/admin/settings', label: 'Settings', roles: ['admin'] },
  { href: '/admin/stats', label: 'Statistics', roles: ['admin', 'moderator'] },
]

export const ROLE_BADGE: Record<Role, string> = {
  admin: 'bg-red-600 text-white',
  moderator: 'bg-yellow-400 text-slate-900',
  janitor: 'bg-sky-600 text-white',
}

/** The staff area's frame: role-dependent navigation, who is logged in, logout, footer. */
export function AdminShell({ user, children }: { user: { username: string; role: Role }; children: ReactNode }) {
  const router = useRouter()
  const pathname = usePathname()
  const [logoutError, setLogoutError] = useState<string | null>(null)
  const reportCounts = useReportCounts()
  const openReports = totalOf(reportCounts)

  // The screens follow the stored admin user; without one (or with unparsable data) it is back to login.
  useEffect(() => {
    if (!readAdminUser()) router.replace('/admin/login')
  }, [router])

  async function logout() {
    try {
      await staffApi.logout()
      clearAdminUser()
      router.push('/admin/login')
    } catch {
      setLogoutError('Failed to logout. Please try again.')
      clearAdminUser()
      setTimeout(() => router.push('/admin/login'), 2000)
    }
  }

  return (
    <div className="space-y-4">
      <header
        data-testid="staff-header"
        className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-slate-900 px-4 py-2 text-white"
      >
        <nav className="flex flex-wrap gap-3 text-sm" aria-label="Staff">
          {NAV.filter((n) => n.roles.includes(user.role)).map((n) => (
            <Link
              key={n.href}
              href={n.href}
              className={pathname.startsWith(n.href) ? 'font-semibold underline' : 'hover:underline'}
            >
              {n.label}
              {n.href === '/admin/reports' && openReports !== null && (
                <span
                  data-testid="report-badge"
                  aria-label={`${openReports} open reports`}
                  className={`ml-1 inline-block rounded-full px-1.5 text-xs font-semibold ${openReports ? 'bg-red-600 text-white' : 'bg-white/20'}`}
                >
                  {openReports}
                </span>
              )}
            </Link>
          ))}
        </nav>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <ThemeToggle className="mr-2" />
          <span>Logged in as:</span>
          <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${ROLE_BADGE[user.role]}`}>{user.role}</span>
          <span className="font-medium">{user.username}</span>
          <button
            type="button"
            onClick={logout}
            className="ml-2 rounded border border-white/40 px-2 py-0.5 hover:bg-white/10"
          >
            Logout
          </button>
        </div>
      </header>
      <ErrorText>{logoutError}</ErrorText>
      <div className="staff-content min-w-0">
        <ReportCountsContext.Provider value={reportCounts}>{children}</ReportCountsContext.Provider>
      </div>
      <footer className="pt-6 text-center text-xs text-slate-600">
        Corkboard staff area © {new Date().getFullYear()}
      </footer>
    </div>
  )
}
