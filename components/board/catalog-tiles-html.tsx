// The HTML of the catalog's tiles, one cached fragment per tile: after a reply, the catalog renders the changed
// thread's tile and reuses the others'. Each fragment is the browser's own component (CatalogTile) rendered to
// static markup, so a reader without JavaScript sees what the page shows once its scripts run.
//
// Server only, and outside Next: server.ts loads this file (Next's server components may not import
// react-dom/server) and registers `catalogTilesHtml` for the catalog page to call (lib/render/catalog-tiles-slot.ts).
import { renderToStaticMarkup } from 'react-dom/server'
import { cachedFragment } from '@/lib/render/fragment-cache'
import type { CatalogTile as Tile } from '@/lib/threads/catalog'
import { CatalogTile } from './catalog-tile'

/** The tiles, in the order given, as one string: they go straight into the grid's element. */
export function catalogTilesHtml(tiles: Tile[]): string {
  // A tile is drawn from its own fields alone (a few hundred bytes): they are its key.
  return tiles
    .map((tile) =>
      cachedFragment(`catalog-tile:${tile.id}`, JSON.stringify(tile), () =>
        renderToStaticMarkup(<CatalogTile tile={tile} />),
      ),
    )
    .join('')
}
