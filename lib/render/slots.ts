// Server-filled slots (slot-reader.ts explains what they are for). A slot lives as long as the rendering of one
// request: server.ts runs each request Next handles inside `withRenderSlots`, and both of Next's passes over the
// page (the server components, then the HTML of the client components) run within it, so what a server component
// fills is found by the client component that reads it, and by no other request. A request for React's payload
// alone (a client-side navigation) gets no slots: there is no HTML to put their content in, so pages pass props.
import { AsyncLocalStorage } from 'node:async_hooks'
import { installSlotReader, slotDataId, type SlotContent } from './slot-reader'
import { processSingleton } from '../process-singleton'

const scope = () =>
  processSingleton('render-slots', () => {
    const storage = new AsyncLocalStorage<Map<string, SlotContent>>()
    installSlotReader((name) => storage.getStore()?.get(name))
    return storage
  })

/**
 * A slot no element shows: the key of what the page depends on besides its slots (lib/render/page-shell.ts).
 * Filled by pages whose later versions the page cache may put together from this render's surroundings.
 */
export const SHELL_KEY_SLOT = 'page-shell-key'

/**
 * A slot no element shows either: what the render read that the page cache keeps with the page's shell for the
 * next version's filler to start from (a thread page's posts, which stay as they were until a hard invalidation
 * drops the page and its shell), with an estimate of the memory it holds, counted against the cache's bound.
 */
export const SHELL_CARRY_SLOT = 'page-shell-carry'

export interface Carried<T = unknown> {
  data: T
  bytes: number
}

/**
 * Runs one request's handling with its own set of slots when its answer is HTML, and with none otherwise. The
 * caller may pass the (empty) map, to read what the render filled once it is done.
 */
export function withRenderSlots<T>(answersHtml: boolean, fn: () => T, slots = new Map<string, SlotContent>()): T {
  return answersHtml ? scope().run(slots, fn) : scope().exit(fn)
}

/** True when this code runs within a request that has slots (false, e.g., in a script or a unit test). */
export function slotsAvailable(): boolean {
  return scope().getStore() !== undefined
}

/** Fills a slot of the current request. */
export function fillSlot(name: string, content: SlotContent): void {
  const slots = scope().getStore()
  if (!slots) throw new Error('fillSlot outside withRenderSlots')
  slots.set(name, content)
}

/**
 * A script element carrying `data` as JSON for the browser, safe inside HTML: every `<` is escaped, so nothing in
 * the data can close the element or open a comment. Browsers do not run it (it is not JavaScript), so the page's
 * Content-Security-Policy has nothing to allow.
 */
export function slotDataScript(name: string, json: string): string {
  return `<script type="application/json" id="${slotDataId(name)}">${json.replaceAll('<', '\\u003c')}</script>`
}
