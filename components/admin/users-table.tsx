'use client'
import Link from 'next/link'
import { useState } from 'react'
import { ErrorText } from '@/components/ui/form-message'
import { BUTTON_PRIMARY } from '@/components/ui/styles'
import { StaffTable } from '@/components/ui/table-head'
import { staffApi } from '@/lib/client/api'
import { loadError, useStaffUsers } from '@/lib/client/hooks/use-staff-resources'
import type { AdminUser } from '@/lib/staff/types'
import { formatTimestamp } from '@/lib/ui/relative-time'
import { ROLE_BADGE } from './admin-shell'
import { UserForm } from './user-form'

/** /admin/users: the table (useStaffUsers), the create modal, activate and deactivate except on one's own row. */
export function UsersTable({
  users: initial,
  selfId,
  boards,
}: {
  users: AdminUser[]
  selfId: number
  boards: { id: string; name: string }[]
}) {
  const { data: users = initial, error: loadFailure, mutate } = useStaffUsers(initial)
  const [creating, setCreating] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function setActive(u: AdminUser, active: boolean) {
    const verb = active ? 'activate' : 'deactivate'
    if (!window.confirm(`Are you sure you want to ${verb} ${u.username}?`)) return
    try {
      await staffApi.updateUser(u.id, { is_active: active })
    } catch {
      return setError(`Failed to ${verb} user. Please try again.`)
    }
    setError(null)
    await mutate()
  }

  return (
    <div className="space-y-3">
      <button type="button" onClick={() => setCreating(true)} className={BUTTON_PRIMARY}>
        Add New Admin User
      </button>
      {creating && (
        <div
          role="dialog"
          aria-label="Create New Admin User"
          className="rounded-lg border border-slate-300 bg-white p-4 shadow"
        >
          <div className="mb-2 flex justify-between">
            <h2 className="font-semibold">Create New Admin User</h2>
            <button type="button" onClick={() => setCreating(false)} aria-label="Close">
              ×
            </button>
          </div>
          <UserForm
            boards={boards}
            onDone={() => {
              setCreating(false)
              void mutate()
            }}
          />
        </div>
      )}
      <ErrorText>{error ?? loadError(loadFailure, 'Failed to load admin users')}</ErrorText>
      {users.length === 0 ? (
        <p>No admin users found</p>
      ) : (
        <StaffTable columns={['ID', 'Username', 'Email', 'Role', 'Created', 'Last Login', 'Status', 'Actions']}>
          {users.map((u) => (
            <tr key={u.id} className="border-b" data-user={u.username}>
              <td className="p-2">{u.id}</td>
              <td className="p-2">{u.username}</td>
              <td className="p-2">{u.email}</td>
              <td className="p-2">
                <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${ROLE_BADGE[u.role]}`}>{u.role}</span>
              </td>
              <td className="p-2">{formatTimestamp(u.created_at)}</td>
              <td className="p-2">{u.last_login ? formatTimestamp(u.last_login) : 'Never'}</td>
              <td className="p-2">{u.is_active ? 'Active' : 'Inactive'}</td>
              <td className="p-2 space-x-2">
                <Link href={`/admin/users/${u.id}`} className="text-board-link">
                  Edit
                </Link>
                {u.id !== selfId && (
                  <button
                    type="button"
                    onClick={() => setActive(u, !u.is_active)}
                    className="text-red-700 hover:underline"
                  >
                    {u.is_active ? 'Deactivate' : 'Activate'}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </StaffTable>
      )}
    </div>
  )
}
