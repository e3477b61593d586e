'use client'
import { useRouter } from 'next/navigation'
import { useState, type FormEvent } from 'react'
import { BoardOptions } from '@/components/ui/board-options'
import { ErrorText } from '@/components/ui/form-message'
import { BUTTON_PRIMARY, INPUT_COMPACT } from '@/components/ui/styles'
import { errorBodyOf, staffApi } from '@/lib/client/api'
import type { AdminUser } from '@/lib/staff/types'
import { LabelledField } from './labelled-field'

/** Create or edit a staff account. Editing leaves the password empty unless it is to change. */
export function UserForm({
  boards,
  user,
  onDone,
}: {
  boards: { id: string; name: string }[]
  user?: AdminUser
  onDone?: () => void
}) {
  const router = useRouter()
  const [username, setUsername] = useState(user?.username ?? '')
  const [email, setEmail] = useState(user?.email ?? '')
  const [password, setPassword] = useState('')
  const [role, setRole] = useState<string>(user?.role ?? 'janitor')
  const [assigned, setAssigned] = useState<string[]>(user?.boards ?? [])
  const [error, setError] = useState<string | null>(null)

  async function submit(e: FormEvent) {
    e.preventDefault()
    setError(null)
    if (!user && (!username.trim() || !email.trim() || !password || !role)) return setError('All fields are required')
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) return setError('Invalid email address')
    const body = { username, email, role, boards: assigned, ...(password ? { password } : {}) }
    try {
      await (user ? staffApi.updateUser(user.id, body) : staffApi.createUser(body))
    } catch (err) {
      const refusal = errorBodyOf(err)
      return setError(
        refusal?.details?.[0]?.message ?? refusal?.error ?? (user ? 'Failed to update user' : 'Failed to create user'),
      )
    }
    onDone?.()
    router.push('/admin/users')
    router.refresh()
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-2"
      aria-label={user ? 'Edit admin user' : 'Create New Admin User'}
    >
      <LabelledField label="Username">
        <input value={username} onChange={(e) => setUsername(e.target.value)} className={INPUT_COMPACT} />
      </LabelledField>
      <LabelledField label="Email">
        <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} className={INPUT_COMPACT} />
      </LabelledField>
      <LabelledField label={<>Password{user && ' (leave empty to keep)'}</>}>
        <input
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          className={INPUT_COMPACT}
          autoComplete="new-password"
        />
      </LabelledField>
      <LabelledField label="Role">
        <select value={role} onChange={(e) => setRole(e.target.value)} className={INPUT_COMPACT}>
          <option value="janitor">Janitor</option>
          <option value="moderator">Moderator</option>
          <option value="admin">Admin</option>
        </select>
      </LabelledField>
      <LabelledField label="Assigned Boards (none selected = all boards)">
        <select
          multiple
          value={assigned}
          onChange={(e) => setAssigned([...e.target.selectedOptions].map((o) => o.value))}
          className={`${INPUT_COMPACT} h-28`}
        >
          <BoardOptions boards={boards} />
        </select>
      </LabelledField>
      <p className="text-xs text-slate-500">
        Janitor can delete posts and threads; Moderator can manage bans and appeals; Admin has full access.
      </p>
      <ErrorText>{error}</ErrorText>
      <button type="submit" className={BUTTON_PRIMARY}>
        {user ? 'Save' : 'Create User'}
      </button>
    </form>
  )
}
