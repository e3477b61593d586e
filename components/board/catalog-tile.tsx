import Link from 'next/link'
import { ELLIPSIS_GLYPH } from '@/components/ui/glyphs'
import { StickyPin } from '@/components/ui/sticky-pin'
import type { CatalogTile as Tile } from '@/lib/threads/catalog'

const PLACEHOLDER: Record<string, string> = { audio: 'Audio', none: 'Text only' }

/** One thread of the catalog: the opening post's thumbnail (or a placeholder), counts, marks, topic and excerpt. */
export function CatalogTile({ tile }: { tile: Tile }) {
  const href = `/board/${tile.board_id}/thread/${tile.id}`
  return (
    <article
      data-thread-id={tile.id}
      className="flex min-w-0 flex-col items-center gap-1 rounded-lg border border-slate-200 bg-white p-2 text-center shadow-sm hover:border-blue-300"
    >
      <Link href={href} className="flex h-[150px] w-full items-center justify-center" tabIndex={-1} aria-hidden>
        {tile.thumbnail_url ? (
          // eslint-disable-next-line @next/next/no-img-element -- user media is served pre-sized, not through the optimizer
          <img
            src={tile.thumbnail_url}
            alt=""
            loading="lazy"
            className="max-h-[150px] max-w-full rounded border border-slate-200 object-contain"
          />
        ) : (
          <span
            className="flex h-24 w-24 items-center justify-center rounded border border-dashed border-slate-300 bg-slate-50 text-xs text-slate-500"
            data-testid="catalog-placeholder"
          >
            {PLACEHOLDER[tile.file_type ?? 'none'] ?? 'No preview'}
          </span>
        )}
      </Link>
      <p className="flex flex-wrap items-center justify-center gap-x-2 text-xs text-slate-600">
        <span data-testid="catalog-counts">
          <span title="Replies">R: {tile.reply_count}</span> / <span title="Images">I: {tile.image_count}</span>
        </span>
        {tile.is_sticky && <StickyPin testId="catalog-sticky" />}
        {tile.is_dead && (
          <span
            className="rounded bg-slate-600 px-1 font-semibold text-white"
            title="This thread has left the board and is archived"
            data-testid="catalog-dead"
          >
            Archived
          </span>
        )}
      </p>
      <h2 className="w-full break-words text-sm font-semibold">
        <Link href={href} className="hover:underline">
          {tile.topic}
        </Link>
      </h2>
      {tile.excerpt && (
        <p className="w-full break-words text-xs text-slate-700">
          {tile.excerpt.endsWith('…') ? (
            <>
              {tile.excerpt.slice(0, -1)}
              <span dangerouslySetInnerHTML={ELLIPSIS_GLYPH} />
            </>
          ) : (
            tile.excerpt
          )}
        </p>
      )}
    </article>
  )
}
