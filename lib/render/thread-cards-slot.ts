// How the board page gets each thread card's posts as ready HTML (components/board/thread-cards-html.tsx) into
// slots (slots.ts) that the cards show until the page has hydrated, instead of React rendering every post.
import { fillSlot, slotsAvailable } from './slots'
import { processSlot } from '../process-singleton'
import { yieldToLoop } from './yield-to-loop'
import type { ThreadSummary } from '../threads/types'

export interface ThreadCardsInput {
  threads: ThreadSummary[]
  showFlags: boolean
}

const renderer = processSlot<(input: ThreadCardsInput) => Record<number, string>>('thread-cards-html')

/** server.ts registers the renderer, which lives outside Next's bundles. */
export const registerThreadCardsHtml = (render: (input: ThreadCardsInput) => Record<number, string>) =>
  renderer.set(render)

/**
 * Fills one slot per card and returns their names by thread id, or undefined when the cards must draw their posts
 * from their props: no renderer registered, or no slots in this request. Resolves after the event loop has had a
 * turn, so the rest of the page renders in a block of its own.
 */
export async function threadCardSlots(input: ThreadCardsInput): Promise<Record<number, string> | undefined> {
  const render = renderer.get()
  if (!render || !slotsAvailable()) return undefined
  const names: Record<number, string> = {}
  for (const [id, html] of Object.entries(render(input))) {
    names[Number(id)] = `thread-card-${id}`
    fillSlot(names[Number(id)], { html, data: null })
  }
  await yieldToLoop()
  return names
}
