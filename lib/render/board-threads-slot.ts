// How the board page gets its thread cards as ready HTML (components/board/thread-cards-html.tsx) into a slot
// (slots.ts) that BoardView shows until the page has hydrated, instead of React rendering every card and copying
// every thread into the page's React payload besides. The threads travel in the slot's JSON, so that a reply
// changes the page only inside its slots and the page cache can put the next version together from the previous
// render (lib/page-cache/splice.ts).
import { dataSlotOf } from './slot-reader'
import { fillSlot, slotDataScript, slotsAvailable } from './slots'
import { processSlot } from '../process-singleton'
import { yieldToLoop } from './yield-to-loop'
import type { ThreadSummary } from '../threads/types'

export interface BoardThreadsInput {
  threads: ThreadSummary[]
  showFlags: boolean
}

export interface BoardThreadsHtml {
  /** The cards, each to go into an element of its own (the list's own element is the page's). */
  items: string[]
  /** The threads as a JSON array, for the browser to take over the list. */
  json: string
}

export const BOARD_THREADS_SLOT = 'board-threads'

const renderer = processSlot<(input: BoardThreadsInput) => BoardThreadsHtml>('thread-cards-html')

/** server.ts registers the renderer, which lives outside Next's bundles. */
export const registerThreadCardsHtml = (render: (input: BoardThreadsInput) => BoardThreadsHtml) => renderer.set(render)

/**
 * Fills the board page's slots (the cards, the threads' JSON) and returns the cards' slot name, or undefined when
 * the page must carry its threads in its props: no renderer registered, or no slots in this request (a live
 * refresh or a client-side navigation). Resolves after the event loop has had a turn, so the rest of the page
 * renders in a block of its own.
 */
export async function boardThreadsSlot(input: BoardThreadsInput): Promise<string | undefined> {
  const render = renderer.get()
  if (!render || !slotsAvailable()) return undefined
  const { items, json } = render(input)
  fillSlot(BOARD_THREADS_SLOT, { html: items, data: input.threads })
  fillSlot(dataSlotOf(BOARD_THREADS_SLOT), { html: slotDataScript(BOARD_THREADS_SLOT, json), data: null })
  await yieldToLoop()
  return BOARD_THREADS_SLOT
}
