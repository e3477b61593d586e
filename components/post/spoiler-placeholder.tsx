import { SPOILER_PLACEHOLDER_URL } from '@/lib/posts/spoiler'

/**
 * The neutral image shown instead of a spoilered file's thumbnail: the same static asset, at the same size, for
 * every spoiler, so nothing of the file shows. Board, thread, hover previews, catalog and feeds all use this.
 */
export function SpoilerPlaceholder({ size = 150, className }: { size?: number; className?: string }) {
  return (
    // eslint-disable-next-line @next/next/no-img-element -- a static asset of fixed size
    <img
      src={SPOILER_PLACEHOLDER_URL}
      width={size}
      height={size}
      alt="Spoiler: click to show"
      data-spoiler-placeholder
      className={`rounded border border-slate-200 ${className ?? ''}`}
    />
  )
}
