import Link from 'next/link'
import { StaffTable } from '@/components/ui/table-head'
import { formatTimestamp } from '@/lib/ui/relative-time'

export interface ActionRowDto {
  id: number
  action_type: string
  board_id: string | null
  thread_id: number | null
  post_id: number | null
  ban_id: number | null
  reason: string | null
  admin_username: string | null
  current_admin_username: string | null
  created_at: string
  ip_address: string | null
}

/** Moderation actions as a table (IP history and action log). */
export function ActionsTable({ actions, showIp = false }: { actions: ActionRowDto[]; showIp?: boolean }) {
  return (
    <StaffTable columns={['Date/Time', 'Action', 'Board', ...(showIp ? ['IP'] : []), 'Admin', 'Reason', 'Details']}>
      {actions.map((a) => (
        <tr key={a.id} className="border-b align-top">
          <td className="p-2 whitespace-nowrap">{formatTimestamp(a.created_at)}</td>
          <td className="p-2">
            <span className="rounded bg-slate-700 px-1 text-xs text-white">{a.action_type}</span>
          </td>
          <td className="p-2">
            {a.board_id ? (
              <Link href={`/board/${a.board_id}`} className="text-board-link">
                /{a.board_id}/
              </Link>
            ) : (
              <span className="rounded bg-slate-500 px-1 text-xs text-white">Global</span>
            )}
          </td>
          {showIp && (
            <td className="p-2 font-mono">
              {a.ip_address ? (
                <Link href={`/admin/ip-history/${encodeURIComponent(a.ip_address)}`} className="text-board-link">
                  {a.ip_address}
                </Link>
              ) : (
                '–'
              )}
            </td>
          )}
          <td className="p-2">{a.current_admin_username ?? a.admin_username ?? '–'}</td>
          <td className="p-2">{a.reason}</td>
          <td className="p-2 space-x-1">
            {a.board_id && a.thread_id && (
              <Link href={`/board/${a.board_id}/thread/${a.thread_id}`} className="text-board-link">
                thread {a.thread_id}
              </Link>
            )}
            {a.post_id && <span>post {a.post_id}</span>}
            {a.ban_id && (
              <Link href={`/admin/bans/${a.ban_id}`} className="text-board-link">
                ban {a.ban_id}
              </Link>
            )}
          </td>
        </tr>
      ))}
    </StaffTable>
  )
}

export const ACTION_LABELS: [string, string][] = [
  ['banned', 'Banned'],
  ['unbanned', 'Unbanned'],
  ['post_deleted', 'Post Deleted'],
  ['thread_deleted', 'Thread Deleted'],
  ['color_changed', 'Color Changed'],
  ['appeal_submitted', 'Appeal Submitted'],
  ['appeal_response', 'Appeal Response'],
  ['reports_dismissed', 'Reports Dismissed'],
  ['file_ban', 'File Banned'],
  ['file_unban', 'File Unbanned'],
]
