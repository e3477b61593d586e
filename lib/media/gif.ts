// GIFs are stored rewritten, block by block: the header, colour tables, graphic controls and image data are copied,
// and everything a GIF can carry besides pictures is dropped: comment, plain-text and application extensions
// (XMP, ICC, and the script of a GIF/JavaScript polyglot), unknown extensions and any byte after the trailer. The
// animation's loop count is kept by writing a fresh NETSCAPE2.0 block. Pixels are untouched: the image data is
// copied, not re-encoded.
//
// The walk also yields what the file declares (logical screen, every frame's rectangle), so its size can be
// judged before a decoder allocates anything.

export interface GifFrame {
  left: number
  top: number
  width: number
  height: number
}

export interface ParsedGif {
  screen: { width: number; height: number }
  frames: GifFrame[]
  /** The file rebuilt from its picture blocks only. */
  body: Buffer
}

/** Thrown for a file that is not a GIF this code can walk to its end. */
export class MalformedGifError extends Error {}

const EXTENSION = 0x21,
  IMAGE = 0x2c,
  TRAILER = 0x3b
const GRAPHIC_CONTROL = 0xf9,
  APPLICATION = 0xff,
  PLAIN_TEXT = 0x01
const LOOP_APPS = new Set(['NETSCAPE2.0', 'ANIMEXTS1.0'])

const colorTableBytes = (packed: number) => (packed & 0x80 ? 3 * (2 << (packed & 0x07)) : 0)

export function parseGif(b: Buffer): ParsedGif {
  const version = b.subarray(0, 6).toString('latin1')
  if ((version !== 'GIF87a' && version !== 'GIF89a') || b.length < 13) throw new MalformedGifError('header')
  const screenEnd = 13 + colorTableBytes(b[10])
  if (screenEnd > b.length) throw new MalformedGifError('global colour table')
  const head = Buffer.from(b.subarray(0, screenEnd))
  head[12] = 0 // pixel aspect ratio: ignored by every viewer, two free bytes for a polyglot otherwise

  const frames: GifFrame[] = []
  const blocks: Buffer[] = []
  let loopCount: number | null = null
  let control: Buffer | null = null // a graphic control block waits for the image it applies to
  let i = screenEnd
  while (i < b.length && b[i] !== TRAILER) {
    if (b[i] === IMAGE) {
      if (i + 10 > b.length) throw new MalformedGifError('image descriptor')
      frames.push({
        left: b.readUInt16LE(i + 1),
        top: b.readUInt16LE(i + 3),
        width: b.readUInt16LE(i + 5),
        height: b.readUInt16LE(i + 7),
      })
      const dataStart = i + 10 + colorTableBytes(b[i + 9]) + 1 // after the local colour table and LZW code size
      const end = skipSubBlocks(b, dataStart)
      if (control) blocks.push(control)
      blocks.push(b.subarray(i, end))
      control = null
      i = end
    } else if (b[i] === EXTENSION) {
      const label = b[i + 1]
      const end = skipSubBlocks(b, i + 2)
      if (label === GRAPHIC_CONTROL) {
        if (b[i + 2] !== 4 || end !== i + 8) throw new MalformedGifError('graphic control')
        control = Buffer.from(b.subarray(i, end))
        control[3] &= 0x1f // reserved bits
      } else if (label === APPLICATION) {
        loopCount ??= readLoopCount(b, i + 2)
      } else if (label === PLAIN_TEXT) {
        control = null // it applied to this (dropped) block; comments and applications leave it to the next image
      }
      i = end
    } else {
      throw new MalformedGifError(`unknown block 0x${b[i]?.toString(16)}`)
    }
  }
  if (!frames.length) throw new MalformedGifError('no image')
  const loop = loopCount === null ? [] : [loopBlock(loopCount)]
  return {
    screen: { width: b.readUInt16LE(6), height: b.readUInt16LE(8) },
    frames,
    // A file cut after its last complete block gets the trailer viewers would assume.
    body: Buffer.concat([head, ...loop, ...blocks, Buffer.from([TRAILER])]),
  }
}

/** The index after a chain of data sub-blocks (length byte, data) ending with a zero length. */
function skipSubBlocks(b: Buffer, i: number): number {
  for (;;) {
    if (i >= b.length) throw new MalformedGifError('truncated data')
    const size = b[i]
    i += 1 + size
    if (size === 0) return i
  }
}

/** The loop count of a NETSCAPE2.0 (or ANIMEXTS1.0) application block, or null for any other application. */
function readLoopCount(b: Buffer, i: number): number | null {
  if (b[i] !== 11 || !LOOP_APPS.has(b.subarray(i + 1, i + 12).toString('latin1'))) return null
  const sub = i + 12
  return b[sub] === 3 && b[sub + 1] === 1 ? b.readUInt16LE(sub + 2) : null
}

function loopBlock(count: number): Buffer {
  const block = Buffer.from([EXTENSION, APPLICATION, 11, ...Buffer.from('NETSCAPE2.0', 'latin1'), 3, 1, 0, 0, 0])
  block.writeUInt16LE(count, 16)
  return block
}
