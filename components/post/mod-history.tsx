'use client'
import { ErrorText } from '@/components/ui/form-message'
import { useModHistory } from '@/lib/client/hooks/use-staff-resources'
import type { PublicPost } from '@/lib/posts/types'

/** The moderation history of the poster's address, shown in the staff menu's dialog. */
export function ModHistory({ post }: { post: PublicPost }) {
  const { data, error } = useModHistory({ boardId: post.board_id, threadId: post.thread_id, postId: post.id })
  if (error) return <ErrorText className="text-xs text-red-600">{(error as Error).message}</ErrorText>
  if (!data) return <p className="text-xs text-slate-500">Loading IP history...</p>
  const { ip, history } = data
  const s = history.summary
  return (
    <div className="space-y-1 text-xs" data-testid="mod-history">
      <p className="font-mono">{ip}</p>
      <p>
        Actions: {s.total_actions} · Bans: {s.ban_count} · Posts deleted: {s.posts_deleted} · Boards:{' '}
        {s.boards_affected}
        {s.boards_list.length ? ` (${s.boards_list.join(', ')})` : ''}
      </p>
      <ul className="max-h-32 overflow-auto">
        {history.actions.map((a) => (
          <li key={a.id}>
            {a.created_at.slice(0, 16).replace('T', ' ')} · {a.action_type} · {a.board_id ?? 'Global'} · {a.reason}
          </li>
        ))}
      </ul>
      <a href={`/admin/ip-history/${encodeURIComponent(ip ?? '')}`} className="text-board-link underline">
        Full history
      </a>
    </div>
  )
}
