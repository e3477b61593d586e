'use client'
import { useEffect, useMemo, useRef, useState } from 'react'
import { LiveIndicator } from '@/components/ui/live-indicator'
import { ServerHtml } from '@/components/ui/server-html'
import { useHydrated } from '@/lib/client/use-hydrated'
import type { CatalogTile as Tile } from '@/lib/threads/catalog'
import { CatalogTile } from './catalog-tile'
import { THREAD_LIST_EVENTS, useLiveBoard } from './use-live-board'

const GRID_CLASS = 'grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5'

/** Tiles whose topic or excerpt contains every word of the filter, ignoring case. */
function matching(tiles: Tile[], filter: string): Tile[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean)
  if (!words.length) return tiles
  return tiles.filter((t) => {
    const text = `${t.topic}\n${t.excerpt}`.toLowerCase()
    return words.every((w) => text.includes(w))
  })
}

/**
 * The catalog grid with its filter box. Live: board-room events re-render the page from the server (new threads,
 * bumps, counts, order); a thread that dies meanwhile keeps its tile, marked archived, at the end. On a page load
 * the tiles come as ready HTML in `tilesSlot` (lib/render/catalog-tiles-slot.ts), drawn here once hydrated.
 */
export function CatalogView({ boardId, tiles, tilesSlot }: { boardId: string; tiles: Tile[]; tilesSlot?: string }) {
  const drawn = useHydrated()
  const [filter, setFilter] = useState('')
  const [died, setDied] = useState<Map<number, Tile>>(new Map())
  const latest = useRef(tiles)
  useEffect(() => {
    latest.current = tiles
  }, [tiles])
  const listed = useMemo(() => {
    const ids = new Set(tiles.map((t) => t.id))
    return [...tiles, ...[...died.values()].filter((t) => !ids.has(t.id))]
  }, [tiles, died])
  const shown = matching(listed, filter)
  const onDied = (threadId: number, diedAt: string) => {
    const tile = latest.current.find((t) => t.id === threadId)
    if (tile) setDied((m) => new Map(m).set(threadId, { ...tile, is_dead: true, died_at: diedAt }))
  }
  const onDeleted = (threadId: number) =>
    setDied((m) => {
      if (!m.has(threadId)) return m
      const next = new Map(m)
      next.delete(threadId)
      return next
    })

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label className="flex min-w-0 items-center gap-2 text-sm">
          <span className="shrink-0">Filter</span>
          <input
            type="search"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            placeholder="Topic or text"
            aria-label="Filter threads by topic or text"
            className="w-56 min-w-0 max-w-full rounded-md border border-slate-300 px-2 py-1"
          />
        </label>
        <LiveCatalog boardId={boardId} onDied={onDied} onDeleted={onDeleted} />
      </div>
      {listed.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-600">
          No threads yet. Be the first to create one!
        </p>
      ) : shown.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-600">
          No thread matches “{filter}”.
        </p>
      ) : tilesSlot && !drawn ? (
        <ServerHtml slot={tilesSlot} className={GRID_CLASS} testId="catalog-grid" />
      ) : (
        <div className={GRID_CLASS} data-testid="catalog-grid">
          {shown.map((t) => (
            <CatalogTile key={t.id} tile={t} />
          ))}
        </div>
      )}
    </div>
  )
}

function LiveCatalog({
  boardId,
  onDied,
  onDeleted,
}: {
  boardId: string
  onDied: (threadId: number, diedAt: string) => void
  onDeleted: (threadId: number) => void
}) {
  const status = useLiveBoard(boardId, THREAD_LIST_EVENTS, {
    thread_deleted: (p) => onDeleted(p.threadId),
    thread_died: (p) => onDied(p.threadId, p.diedAt),
  })
  return <LiveIndicator status={status} />
}
