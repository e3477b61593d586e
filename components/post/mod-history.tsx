'use client'
import { useEffect, useState } from 'react'
import type { PublicPost } from '@/lib/posts/types'
import { staffFetch } from '@/lib/client/staff-api'

interface History { summary: { total_actions: number; ban_count: number; posts_deleted: number; boards_affected: number; boards_list: string[] }; actions: { id: number; action_type: string; board_id: string | null; reason: string | null; created_at: string }[] }

/** The moderation history of the poster's address. */
export function ModHistory({ post }: { post: PublicPost }) {
  const [ip, setIp] = useState<string | null>(null)
  const [history, setHistory] = useState<History | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    void (async () => {
      const found = await staffFetch('GET', `/api/admin/posts/${post.id}/ip?boardId=${post.board_id}&threadId=${post.thread_id}`)
      if (!found.ok) return setError(found.body?.error ?? 'Failed to fetch IP address')
      setIp(found.body.ip_address)
      const h = await staffFetch('GET', `/api/admin/ip-history/${encodeURIComponent(found.body.ip_address)}`)
      if (h.status === 403) return setError('Not authorized to view IP history')
      if (!h.ok) return setError('Failed to fetch IP history')
      setHistory(h.body)
    })()
  }, [post.id, post.board_id, post.thread_id])
  if (error) return <p role="alert" className="text-xs text-red-600">{error}</p>
  if (!history) return <p className="text-xs text-slate-500">Loading IP history...</p>
  const s = history.summary
  return (
    <div className="space-y-1 text-xs" data-testid="mod-history">
      <p className="font-mono">{ip}</p>
      <p>Actions: {s.total_actions} · Bans: {s.ban_count} · Posts deleted: {s.posts_deleted} · Boards: {s.boards_affected}{s.boards_list.length ? ` (${s.boards_list.join(', ')})` : ''}</p>
      <ul className="max-h-32 overflow-auto">
        {history.actions.map((a) => <li key={a.id}>{a.created_at.slice(0, 16).replace('T', ' ')} · {a.action_type} · {a.board_id ?? 'Global'} · {a.reason}</li>)}
      </ul>
      <a href={`/admin/ip-history/${encodeURIComponent(ip ?? '')}`} className="text-board-link underline">Full history</a>
    </div>
  )
}
