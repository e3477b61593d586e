import { ELLIPSIS_GLYPH } from '@/components/ui/glyphs'
import { truncate } from '@/lib/markup/parse'
import { PostBody, type RefContext } from './post-body'

/**
 * A post's text cut per the spec (OP 2000 chars or 20 lines, replies 500 or 10), with the full text in the
 * same HTML behind "Show full post" — expandable without JavaScript and complete for crawlers.
 */
export function PostText({
  content,
  cut,
  refs,
}: {
  content: string
  cut: { chars: number; lines: number }
  refs: RefContext
}) {
  const { text, truncated } = truncate(content, cut.chars, cut.lines)
  if (!truncated) return <PostBody content={content} refs={refs} />
  return (
    <div className="post-text">
      <div className="post-text-short">
        <PostBody content={text} refs={refs} />
        <span className="text-slate-500" dangerouslySetInnerHTML={ELLIPSIS_GLYPH} />
      </div>
      <details className="post-text-full">
        <summary className="cursor-pointer text-xs font-medium text-board-link">Show full post</summary>
        <PostBody content={content} refs={refs} />
      </details>
    </div>
  )
}
