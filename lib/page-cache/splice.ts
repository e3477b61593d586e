// Thread pages and board index pages put together without Next: the page's slots filled from the database as the
// page fills them (lib/pages/thread-page-slots.ts, lib/pages/board-page-slots.ts), put into the previous render's
// shell (lib/render/page-shell.ts). Used while the shell's key is unchanged, which is the case after most replies:
// the new page is then byte for byte what Next would render (tests/integration/incremental-render.test.ts compares
// them), for the cost of the reads and the new posts' fragments. Anything else (another key, a page gone, an
// archived thread, a failed read) is left to a full render.
import type { CachedRoute } from './route-parts'
import type { CacheEntry, RenderedPage } from './store'
import { getBoardOrThrow } from '../boards/queries'
import { policyForRenderedHtml } from '../http/content-security-policy'
import { readBoardPage } from '../pages/board-page-data'
import { BOARD_SHELL, boardPageSlots } from '../pages/board-page-slots'
import { readThreadPage } from '../pages/thread-page-data'
import { carriedPosts, THREAD_SHELL, threadPageSlots } from '../pages/thread-page-slots'
import { fillShell, type PageShell } from '../render/page-shell'
import type { SlotContent } from '../render/slot-reader'
import { SHELL_KEY_SLOT, withRenderSlots } from '../render/slots'

/**
 * Fills the slots of the route's page as its render would, from the previous version's shell where it carries
 * what was read; false when the page must be rendered in full.
 */
type SlotFiller = (route: CachedRoute & { boardId: string }, shell: PageShell) => Promise<boolean>

const fillThreadPage: SlotFiller = async (route, shell) => {
  if (route.threadId === undefined) return false
  const page = await readThreadPage(await getBoardOrThrow(route.boardId), route.threadId, carriedPosts(shell))
  // An archived thread's notice counts down to its deletion: its page is always rendered.
  return !page.thread.is_dead && (await threadPageSlots(page)) !== undefined
}

const fillBoardPage: SlotFiller = async (route) => {
  if (route.boardPage === undefined) return false
  const page = await readBoardPage(await getBoardOrThrow(route.boardId), route.boardPage)
  return (await boardPageSlots(page)) !== undefined
}

const fillerOf = (key: string): SlotFiller | undefined =>
  key.startsWith(THREAD_SHELL) ? fillThreadPage : key.startsWith(BOARD_SHELL) ? fillBoardPage : undefined

/**
 * The page of `route` from the previous render's shell, or undefined when it needs a full render. Reads as a
 * visitor without bans, as a cache render does; throws what the reads throw.
 */
export async function splicePage(
  route: CachedRoute,
  previous: Pick<CacheEntry, 'headers' | 'shell'>,
): Promise<RenderedPage | undefined> {
  const { shell } = previous
  const fill = shell && fillerOf(shell.key)
  if (!shell || !fill || route.boardId === undefined) return
  const slots = new Map<string, SlotContent>()
  const filled = await withRenderSlots(true, () => fill({ ...route, boardId: route.boardId! }, shell), slots)
  if (!filled || slots.get(SHELL_KEY_SLOT)?.data !== shell.key) return
  const made = fillShell(shell, slots)
  if (!made) return
  const headers = { ...previous.headers, 'content-security-policy': policyForRenderedHtml(made.body) }
  return { status: 200, headers, body: made.body, shell: made.shell }
}
