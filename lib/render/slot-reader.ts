// The browser-safe half of server-filled slots (slots.ts has the server half). A page's server component may hand
// a large piece of ready HTML to a client component through a named slot instead of through props, so the HTML is
// written into the page once and never copied into the page's React payload as well. Client components import
// this file: it reaches the server's slots only through a function slots.ts leaves on globalThis, and touches
// nothing server-only.

/**
 * What a slot holds: ready HTML (a list of items is kept as its items, each in its own element, so a page of
 * several hundred kilobytes is never joined into one string), and any values the client component also needs
 * while rendering on the server.
 */
export interface SlotContent<T = unknown> {
  html: string | string[]
  data: T
}

const READER = Symbol.for('corkboard.render-slot-reader')
type Reader = (name: string) => SlotContent | undefined

/** The slot's content while the server renders the page that filled it; undefined anywhere else. */
export function readServerSlot<T>(name: string): SlotContent<T> | undefined {
  const reader = (globalThis as { [READER]?: Reader })[READER]
  return reader?.(name) as SlotContent<T> | undefined
}

/** Called once by slots.ts on the server. */
export function installSlotReader(reader: Reader): void {
  ;(globalThis as { [READER]?: Reader })[READER] = reader
}

/** The slot holding the JSON that goes with a slot's HTML, in an element of its own outside it. */
export const dataSlotOf = (name: string) => `${name}-data`

/** The id of the JSON a slot's HTML carries for the browser (see `slotDataScript`). */
export const slotDataId = (name: string) => `slot-data-${name}`

/**
 * The data a slot holds for its client component: while the server renders, the slot's `data`; in the browser,
 * the JSON its HTML carried (`readSlotData`).
 */
export function slotData<T>(name: string): T | undefined {
  return typeof window === 'undefined' ? readServerSlot<T>(name)?.data : readSlotData<T>(name)
}

/**
 * The JSON a slot's HTML carried, read in the browser before the server's HTML is replaced; undefined when the
 * page did not come with it (a client-side navigation, or a page restored from the router's cache).
 */
export function readSlotData<T>(name: string): T | undefined {
  const text = document.getElementById(slotDataId(name))?.textContent
  if (!text) return undefined
  try {
    return JSON.parse(text) as T
  } catch {
    return undefined
  }
}
