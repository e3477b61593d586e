// A page's shell: the bytes of a full render around its server-filled slots (slots.ts), with the key of what those
// bytes depend on (SHELL_KEY_SLOT). While a later version of the page has the same key, it is the shell with the
// new slot contents put in: byte for byte what a full render gives, without rendering it. A shell is taken only
// from a render whose every shown slot is found in its bytes exactly where the slot's element puts it.
import type { SlotContent } from './slot-reader'
import { SHELL_CARRY_SLOT, SHELL_KEY_SLOT, type Carried } from './slots'

export interface PageShell {
  key: string
  /** The bytes before, between and after the slots' contents: one more than `slots`. */
  parts: Buffer[]
  /** The slots the page shows, in the order they appear. */
  slots: string[]
  /** What the render read that the next version may start from instead of reading it again (SHELL_CARRY_SLOT). */
  carried?: Carried
}

const carriedIn = (slots: ReadonlyMap<string, SlotContent>) => slots.get(SHELL_CARRY_SLOT)?.data as Carried | undefined

/**
 * A slot's content as its element holds it, in pieces: a list's items each in a `<div>` of its own (ServerHtml),
 * as fillShell writes them too.
 */
function slotPieces(content: SlotContent): Buffer[] {
  if (typeof content.html === 'string') return [Buffer.from(content.html)]
  return content.html.map((item) => Buffer.from(`<div>${item}</div>`))
}

const ITEM_OPEN = Buffer.from('<div>')
const ITEM_CLOSE = Buffer.from('</div>')

/** Whether `body` holds `pieces` one after the other from `start`; the offset after them, or -1. */
function holdsAt(body: Buffer, start: number, pieces: Buffer[]): number {
  let at = start
  for (const piece of pieces) {
    if (at + piece.length > body.length || body.compare(piece, 0, piece.length, at, at + piece.length) !== 0) return -1
    at += piece.length
  }
  return at
}

/** Where the content of the element with `data-slot="name"` starts, or -1; -2 when two elements name the slot. */
function contentStart(body: Buffer, name: string): number {
  const attribute = Buffer.from(` data-slot="${name}"`)
  const at = body.indexOf(attribute)
  if (at < 0) return -1
  if (body.indexOf(attribute, at + attribute.length) >= 0) return -2
  const end = body.indexOf('>', at + attribute.length)
  return end < 0 ? -2 : end + 1
}

/**
 * The shell of a full render, or undefined when the render filled no key or its bytes do not hold each shown
 * slot's content where expected (the page is then always rendered in full).
 */
export function shellOf(body: Buffer, slots: ReadonlyMap<string, SlotContent>): PageShell | undefined {
  const key = slots.get(SHELL_KEY_SLOT)?.data
  if (typeof key !== 'string') return undefined
  const found: { name: string; start: number; end: number }[] = []
  for (const [name, content] of slots) {
    if (name === SHELL_KEY_SLOT || name === SHELL_CARRY_SLOT) continue
    const start = contentStart(body, name)
    if (start === -1) continue // a slot no element shows on this page
    if (start < 0) return undefined
    const end = holdsAt(body, start, slotPieces(content))
    if (end < 0) return undefined
    found.push({ name, start, end })
  }
  found.sort((a, b) => a.start - b.start)
  const parts: Buffer[] = []
  let at = 0
  for (const { start, end } of found) {
    if (start < at) return undefined // overlapping slots: not a shell
    parts.push(body.subarray(at, start))
    at = end
  }
  parts.push(body.subarray(at))
  return { key, parts, slots: found.map((f) => f.name), carried: carriedIn(slots) }
}

/**
 * The page that the shell and new slot contents make, with its own shell (whose parts are views of the new page,
 * so the earlier page's bytes are not kept alive); undefined when the contents lack a slot the shell shows. The
 * slots' text is written straight into the page's one buffer: encoding each item into a buffer of its own first
 * made ≈ 0.6 MB of garbage for a 300-post thread page.
 */
export function fillShell(
  shell: PageShell,
  slots: ReadonlyMap<string, SlotContent>,
): { body: Buffer; shell: PageShell } | undefined {
  const pieces: (Buffer | string)[] = [shell.parts[0]]
  const partAt = [0] // index in `pieces` of each part of the shell
  for (let i = 0; i < shell.slots.length; i++) {
    const content = slots.get(shell.slots[i])
    if (!content) return undefined
    if (typeof content.html === 'string') pieces.push(content.html)
    else for (const item of content.html) pieces.push(ITEM_OPEN, item, ITEM_CLOSE)
    partAt.push(pieces.length)
    pieces.push(shell.parts[i + 1])
  }
  let length = 0
  for (const piece of pieces) length += typeof piece === 'string' ? Buffer.byteLength(piece) : piece.length
  const body = Buffer.allocUnsafe(length)
  const starts: number[] = []
  let at = 0
  for (const piece of pieces) {
    starts.push(at)
    at += typeof piece === 'string' ? body.write(piece, at) : piece.copy(body, at)
  }
  // Every byte of the unfilled buffer written, or the page is not sent.
  if (at !== length) return undefined
  const parts = shell.parts.map((part, i) => body.subarray(starts[partAt[i]], starts[partAt[i]] + part.length))
  return { body, shell: { key: shell.key, parts, slots: shell.slots, carried: carriedIn(slots) } }
}
