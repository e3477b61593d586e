// Labels and chart colours of the moderation log's action types, for /admin/stats.
export const ACTION_TYPE_STYLE: Record<string, { label: string; color: string }> = {
  banned: { label: 'Banned', color: '#dc2626' },
  unbanned: { label: 'Unbanned', color: '#16a34a' },
  appeal_submitted: { label: 'Appeal Submitted', color: '#f59e0b' },
  appeal_response: { label: 'Appeal Response', color: '#9333ea' },
  post_deleted: { label: 'Post Deleted', color: '#2563eb' },
  thread_deleted: { label: 'Thread Deleted', color: '#1e3a8a' },
  color_changed: { label: 'Color Changed', color: '#db2777' },
  sticky_changed: { label: 'Sticky Changed', color: '#0d9488' },
  rangeban_created: { label: 'Rangeban Created', color: '#7f1d1d' },
  rangeban_removed: { label: 'Rangeban Removed', color: '#65a30d' },
  filter_created: { label: 'Filter Created', color: '#0369a1' },
  filter_updated: { label: 'Filter Updated', color: '#0891b2' },
  filter_deleted: { label: 'Filter Deleted', color: '#475569' },
  reports_dismissed: { label: 'Reports Dismissed', color: '#ca8a04' },
  file_ban: { label: 'File Banned', color: '#9f1239' },
  file_unban: { label: 'File Unbanned', color: '#4d7c0f' },
}

export const actionTypeLabel = (type: string) => ACTION_TYPE_STYLE[type]?.label ?? type
export const actionTypeColor = (type: string) => ACTION_TYPE_STYLE[type]?.color ?? '#64748b'
