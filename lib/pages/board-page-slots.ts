// Every slot of a board index page, filled from the page's data, and the key of what the rest of the page depends
// on. The page fills them while Next renders it; the page cache fills them the same way to put a page together
// from an earlier render's surroundings (lib/render/page-shell.ts), which it does only while the key is unchanged.
import type { BoardPageData } from './board-page-data'
import { boardThreadsSlot } from '../render/board-threads-slot'
import { fillSlot, SHELL_KEY_SLOT } from '../render/slots'

/** How a board index page's shell key starts (other pages' keys start otherwise). */
export const BOARD_SHELL = 'board '

/**
 * What a board index page shows outside its slots, as one string: everything the page read except its threads
 * (the board, the page's number, the number of pages), and whether it has no thread at all. A field added to the
 * page's data is in the key without a change here.
 */
export function boardShellKey(page: BoardPageData): string {
  const { threads, ...rest } = page
  return BOARD_SHELL + JSON.stringify({ ...rest, empty: threads.length === 0 })
}

/**
 * Fills the board page's slots and returns the cards' slot, or undefined when the page must carry its threads in
 * its props (no slots in this request: see boardThreadsSlot).
 */
export async function boardPageSlots(page: BoardPageData): Promise<string | undefined> {
  const slot = await boardThreadsSlot({ threads: page.threads, showFlags: page.board.country_flags_enabled })
  if (slot) fillSlot(SHELL_KEY_SLOT, { html: '', data: boardShellKey(page) })
  return slot
}
