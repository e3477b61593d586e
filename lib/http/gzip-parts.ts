// A gzip body put together from parts compressed one by one, for an answer made mostly of parts kept between answers
// (the read API's thread list: one kept entry a thread, known-body.ts). Each kept part is deflated once, when first
// sent compressed, and that form is kept for as long as the part itself lives; an answer then costs a checksum over
// its bytes (≈ 0.1 ms for the 439 KB list of 100 threads) where compressing it whole costs ≈ 1–1.4 ms with brotli 1.
//
// The format allows it: a deflate stream is a run of blocks, and a part compressed on its own, ended with a sync
// flush, is whole blocks ending on a byte boundary. So the parts' forms, one after another, are one stream; a final
// empty block closes it, and gzip's header and trailer (the CRC-32 and length of the whole, uncompressed) frame it.
// A part is compressed with the parts just before it as its dictionary, as a whole-body compressor would have them
// in its window: a thread's entry then refers to the entries above it, and the list comes out as small as with
// brotli 1 (74 KB for those 439 KB; 127 KB with each entry on its own). So a kept form is reused only while the same
// parts precede it: after a reply moves a thread up, the entries around its old and new places are compressed again.
import { constants, crc32, deflateRawSync } from 'node:zlib'
import { isKeptPart } from './known-body'

/** A kept part's deflated form, and the parts that preceded it then (its dictionary), held weakly. */
interface KeptForm {
  form: Buffer
  before: WeakRef<Buffer>[]
}
/** Deflated forms of kept parts, each living as long as its part (the fragment cache bounds the parts). */
const keptForms = new WeakMap<Buffer, KeptForm>()

/** Deflate level for a kept part, made once and sent many times; level 1 for a part sent once. */
const KEPT_LEVEL = 6
const ONCE_LEVEL = 1
/** A part below this size (the commas between entries) goes as a stored block: compressing it would not pay. */
const STORED_BELOW = 512
/** At least this much of what precedes a part is its dictionary (whole parts): about three threads' entries. */
const DICTIONARY_BYTES = 12 * 1024

/** gzip's header: the magic, deflate, no flags, no time, no extra flags, Unix. */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3])
/** A final empty block with fixed codes: it ends the deflate stream. */
const LAST_BLOCK = Buffer.from([0x03, 0x00])

/** Whether kept parts make up at least half of these bytes, so that sending them as gzipOfParts pays. */
export function mostlyKept(parts: readonly Buffer[], size: number): boolean {
  let kept = 0
  for (const part of parts) if (isKeptPart(part)) kept += part.length
  return kept * 2 >= size
}

/** The parts as one gzip member, as parts to write in order (`size` is their total length). */
export function gzipOfParts(parts: readonly Buffer[], size: number): Buffer[] {
  const out: Buffer[] = [HEADER]
  let crc = 0
  for (let i = 0; i < parts.length; i++) {
    if (parts[i].length === 0) continue
    crc = crc32(parts[i], crc)
    out.push(...blocksOf(parts, i))
  }
  const trailer = Buffer.allocUnsafe(8)
  trailer.writeUInt32LE(crc >>> 0, 0)
  trailer.writeUInt32LE(size % 2 ** 32, 4)
  out.push(LAST_BLOCK, trailer)
  return out
}

/** Part `i` as deflate blocks ending on a byte boundary, none of them final. */
function blocksOf(parts: readonly Buffer[], i: number): Buffer[] {
  const part = parts[i]
  if (part.length < STORED_BELOW) return [storedHead(part.length), part]
  const before = preceding(parts, i)
  if (!isKeptPart(part)) return [deflated(part, ONCE_LEVEL, before)]
  const kept = keptForms.get(part)
  if (kept && samePreceding(kept.before, before)) return [kept.form]
  const form = deflated(part, KEPT_LEVEL, before)
  keptForms.set(part, { form, before: before.map((p) => new WeakRef(p)) })
  return [form]
}

/** The whole parts just before part `i` that hold at least DICTIONARY_BYTES (fewer at the start), in order. */
function preceding(parts: readonly Buffer[], i: number): Buffer[] {
  const before: Buffer[] = []
  for (let j = i - 1, bytes = 0; j >= 0 && bytes < DICTIONARY_BYTES; j--) {
    if (parts[j].length === 0) continue
    before.unshift(parts[j])
    bytes += parts[j].length
  }
  return before
}

/** Whether the very same parts precede a part as when its form was made (a known body's parts never change). */
function samePreceding(then: readonly WeakRef<Buffer>[], now: readonly Buffer[]): boolean {
  return then.length === now.length && then.every((ref, k) => ref.deref() === now[k])
}

function deflated(part: Buffer, level: number, before: readonly Buffer[]): Buffer {
  const dictionary = before.length === 1 ? before[0] : before.length ? Buffer.concat(before) : undefined
  return deflateRawSync(part, { level, finishFlush: constants.Z_SYNC_FLUSH, ...(dictionary && { dictionary }) })
}

/** The head of a stored block of `length` (< STORED_BELOW) bytes: not final, type 0, then LEN and its complement. */
function storedHead(length: number): Buffer {
  let head = storedHeads[length]
  if (!head) {
    head = storedHeads[length] = Buffer.alloc(5)
    head.writeUInt16LE(length, 1)
    head.writeUInt16LE(~length & 0xffff, 3)
  }
  return head
}
const storedHeads: Buffer[] = []
