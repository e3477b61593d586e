// How the catalog page gets its tiles as ready HTML (components/board/catalog-tiles-html.tsx) into a slot
// (slots.ts) that CatalogView shows until the page has hydrated, instead of React rendering 100 tiles and their
// 200 links on every render of the page (≈ 19 ms of a cold catalog's ≈ 54 ms on the benchmark's 2-core machine).
import { fillSlot, slotsAvailable } from './slots'
import { processSlot } from '../process-singleton'
import { yieldToLoop } from './yield-to-loop'
import type { CatalogTile } from '../threads/catalog'

export const CATALOG_TILES_SLOT = 'catalog-tiles'

const renderer = processSlot<(tiles: CatalogTile[]) => string>('catalog-tiles-html')

/** server.ts registers the renderer, which lives outside Next's bundles. */
export const registerCatalogTilesHtml = (render: (tiles: CatalogTile[]) => string) => renderer.set(render)

/**
 * Fills the catalog's tile slot and returns its name, or returns undefined when the tiles must be drawn from their
 * props: no renderer registered, or no slots in this request (a live refresh or a client-side navigation).
 * Resolves after the event loop has had a turn, so the rest of the page renders in a block of its own.
 */
export async function catalogTilesSlot(tiles: CatalogTile[]): Promise<string | undefined> {
  const render = renderer.get()
  if (!render || !slotsAvailable()) return undefined
  fillSlot(CATALOG_TILES_SLOT, { html: render(tiles), data: null })
  await yieldToLoop()
  return CATALOG_TILES_SLOT
}
