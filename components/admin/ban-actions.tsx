'use client'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { staffApi } from '@/lib/client/api'
import type { Role } from '@/lib/staff/schemas'

/** View (in lists), and for moderators: Approve/Deny a pending appeal or Remove the ban. */
export function BanActions({
  banId,
  pending,
  role,
  username,
  inList = true,
}: {
  banId: number
  pending: boolean
  role: Role
  username: string
  inList?: boolean
}) {
  const router = useRouter()
  const [error, setError] = useState<string | null>(null)
  const moderator = role === 'admin' || role === 'moderator'

  async function decide(decision: 'approved' | 'denied') {
    if (!window.confirm(`Are you sure you want to ${decision === 'approved' ? 'approve' : 'deny'} this appeal?`)) return
    try {
      await staffApi.updateBan(banId, {
        appeal_status: decision,
        is_active: decision === 'denied',
        reason: `Appeal ${decision} by ${username}`,
      })
    } catch {
      return setError(`Failed to ${decision} appeal. Please try again.`)
    }
    router.refresh()
  }
  async function remove() {
    if (!window.confirm('Are you sure you want to remove this ban?')) return
    try {
      await staffApi.updateBan(banId, { is_active: false, reason: `Ban removed by ${username} (${role})` })
    } catch {
      return setError('Failed to remove ban. Please try again.')
    }
    router.refresh()
  }

  const button = 'rounded px-2 py-0.5 text-xs font-medium'
  return (
    <div className="flex flex-wrap gap-1">
      {inList && (
        <Link href={`/admin/bans/${banId}`} className={`${button} border border-slate-300`}>
          View
        </Link>
      )}
      {pending && moderator ? (
        <>
          <button type="button" onClick={() => decide('approved')} className={`${button} bg-green-600 text-white`}>
            Approve
          </button>
          <button type="button" onClick={() => decide('denied')} className={`${button} bg-amber-500 text-white`}>
            Deny
          </button>
        </>
      ) : (
        <button
          type="button"
          onClick={remove}
          disabled={!moderator}
          className={`${button} bg-red-600 text-white disabled:opacity-40`}
        >
          Remove
        </button>
      )}
      {error && (
        <span role="alert" className="text-xs text-red-600">
          {error}
        </span>
      )}
    </div>
  )
}
