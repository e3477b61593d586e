// A thread page put together without Next: the thread's slots filled from the database as the page fills them
// (lib/pages/thread-page-slots.ts), put into the previous render's shell (lib/render/page-shell.ts). Used while
// the shell's key is unchanged, which is the case after most replies: the new page is then byte for byte what Next
// would render (tests/integration/incremental-render.test.ts compares them), for the cost of the reads and the new
// posts' fragments. Anything else (another key, a thread gone or archived, a failed read) is left to a full render.
import type { CachedRoute } from './route-parts'
import type { CacheEntry, RenderedPage } from './store'
import { getBoardOrThrow } from '../boards/queries'
import { policyForRenderedHtml } from '../http/content-security-policy'
import { readThreadPage } from '../pages/thread-page-data'
import { THREAD_SHELL, threadPageSlots } from '../pages/thread-page-slots'
import { fillShell } from '../render/page-shell'
import type { SlotContent } from '../render/slot-reader'
import { SHELL_KEY_SLOT, withRenderSlots } from '../render/slots'

/**
 * The thread page of `route` from the previous render's shell, or undefined when it needs a full render. Reads as
 * a visitor without bans, as a cache render does; throws what the reads throw.
 */
export async function spliceThreadPage(
  route: CachedRoute,
  previous: Pick<CacheEntry, 'headers' | 'shell'>,
): Promise<RenderedPage | undefined> {
  const { shell } = previous
  if (!shell?.key.startsWith(THREAD_SHELL) || route.threadId === undefined || route.boardId === undefined) return
  const slots = new Map<string, SlotContent>()
  const filled = await withRenderSlots(
    true,
    async () => {
      const page = await readThreadPage(await getBoardOrThrow(route.boardId!), route.threadId!)
      // An archived thread's notice counts down to its deletion: its page is always rendered.
      return !page.thread.is_dead && (await threadPageSlots(page)) !== undefined
    },
    slots,
  )
  if (!filled || slots.get(SHELL_KEY_SLOT)?.data !== shell.key) return
  const made = fillShell(shell, slots)
  if (!made) return
  const headers = { ...previous.headers, 'content-security-policy': policyForRenderedHtml(made.body) }
  return { status: 200, headers, body: made.body, shell: made.shell }
}
