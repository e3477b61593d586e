import type { PublicPost } from '@/lib/posts/types'
import { fileDetails, shortenMiddle } from '@/lib/ui/file-info'

/**
 * "File: holiday-photo-from-the-be…ach.jpg (1.2 MB, 640×480)" above a post's file, linking to the full file; the
 * whole name is the tooltip. A spoiler names neither the file nor its dimensions.
 */
export function FileInfoLine({ post }: { post: PublicPost }) {
  if (!post.image_url) return null
  const name = post.spoiler ? null : (post.file_info?.name ?? post.image_url.split('/').pop() ?? 'file')
  const info = post.file_info
  const details = info ? fileDetails(post.spoiler ? { ...info, width: null, height: null, duration: null } : info) : ''
  return (
    <p className="mb-1 text-xs text-slate-500" data-file-info>
      File:{' '}
      <a
        href={post.image_url}
        target="_blank"
        rel="noopener"
        title={name ?? undefined}
        className="text-board-link break-all underline"
      >
        {name === null ? `Spoiler ${post.file_type ?? 'file'}` : shortenMiddle(name)}
      </a>
      {details && ` (${details})`}
    </p>
  )
}
