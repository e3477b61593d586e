'use client'
import { useState } from 'react'
import { ErrorText } from '@/components/ui/form-message'
import { StaffTable } from '@/components/ui/table-head'
import { errorBodyOf, staffApi } from '@/lib/client/api'
import { messageFor } from '@/lib/error-messages'
import type { PublicRangeBan } from '@/lib/rangebans/types'
import { formatTimestamp } from '@/lib/ui/relative-time'
import { TypeBadge } from './rangeban-stats-card'

/** 'Active Rangebans': the range bans in force, each with Remove after a confirmation. */
export function RangeBansTable({
  rangebans,
  onChanged,
}: {
  rangebans: PublicRangeBan[]
  onChanged: () => Promise<void>
}) {
  const [removing, setRemoving] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)

  async function remove(id: number) {
    if (!window.confirm('Are you sure you want to remove this rangeban?')) return
    setError(null)
    setRemoving(id)
    try {
      await staffApi.removeRangeBan(id)
    } catch (err) {
      setError(messageFor(errorBodyOf(err), 'Failed to remove rangeban'))
    } finally {
      await onChanged()
      setRemoving(null)
    }
  }

  return (
    <section aria-labelledby="active-rangebans" className="space-y-2">
      <h2 id="active-rangebans" className="text-lg font-semibold">
        Active Rangebans
      </h2>
      <ErrorText>{error}</ErrorText>
      {rangebans.length === 0 ? (
        <p className="text-slate-600">No active rangebans</p>
      ) : (
        <div className="overflow-x-auto">
          <StaffTable columns={['Type', 'Value', 'Board', 'Reason', 'Created', 'Expires', 'Admin', 'Actions']}>
            {rangebans.map((r) => (
              <tr key={r.id} className="border-b align-top" data-rangeban-id={r.id}>
                <td className="p-2">
                  <TypeBadge type={r.ban_type} />
                </td>
                <td className="p-2 font-mono">{valueText(r)}</td>
                <td className="p-2">
                  {r.board_id ? (
                    `/${r.board_id}/`
                  ) : (
                    <span className="rounded bg-slate-700 px-1 text-xs text-white">Global</span>
                  )}
                </td>
                <td className="p-2">{r.reason}</td>
                <td className="p-2">{formatTimestamp(r.created_at)}</td>
                <td className="p-2">{r.expires_at ? formatTimestamp(r.expires_at) : 'Never'}</td>
                <td className="p-2">{r.admin_username ?? 'Unknown'}</td>
                <td className="p-2">
                  <button
                    type="button"
                    onClick={() => remove(r.id)}
                    disabled={removing === r.id}
                    aria-busy={removing === r.id}
                    className="rounded bg-red-600 px-2 py-0.5 text-xs font-medium text-white disabled:opacity-50"
                  >
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </StaffTable>
        </div>
      )}
    </section>
  )
}

// AS numbers are stored bare ("64500"); the AS prefix says what the number is.
function valueText(r: PublicRangeBan): string {
  if (r.ban_type === 'country') return `${r.ban_value} - ${r.country_name ?? 'Unknown'}`
  if (r.ban_type === 'asn') return `AS${r.ban_value}`
  return r.ban_value
}
